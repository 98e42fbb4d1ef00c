// Whole-process timing with peak memory, paired runs and medians. Machines are noisy: callers report ratios.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const preload = fileURLToPath(new URL('./rss-preload.mjs', import.meta.url));

/** Runs `node script ...args` (or a command) once; returns wall ms and the peak RSS (KiB) of any Node process it started. */
export function runOnce({ command = process.execPath, args, cwd, env = {}, timeoutMs = 300_000 }) {
  const dir = mkdtempSync(join(tmpdir(), 'docex-bench-'));
  const rssFile = join(dir, 'rss');
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, {
      cwd,
      env: {
        ...process.env,
        ...env,
        DOCEX_BENCH_RSS_FILE: rssFile,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim(),
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      let maxRssKiB = 0;
      try {
        for (const line of readFileSync(rssFile, 'utf8').split('\n')) maxRssKiB = Math.max(maxRssKiB, Number(line) || 0);
      } catch {
        /* the process did not reach exit hooks */
      }
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0) reject(new Error(`${[command, ...args].join(' ')} exited ${code}\n${stderr.slice(-2000)}`));
      else resolve({ wallMs, maxRssKiB });
    });
  });
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Runs every variant `runs` times, interleaved (A B C A B C ...), after one warm-up round,
 * so drift in machine load hits all variants alike. Returns {name: {wallMs, maxRssKiB, samples}}.
 */
export async function paired(variants, { runs = 5, warmup = 1, before } = {}) {
  const samples = Object.fromEntries(variants.map((v) => [v.name, []]));
  for (let round = 0; round < warmup + runs; round++) {
    for (const v of variants) {
      if (before) await before(v);
      const r = await runOnce(v);
      if (round >= warmup) samples[v.name].push(r);
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, rs]) => [
      name,
      { wallMs: median(rs.map((r) => r.wallMs)), maxRssKiB: Math.max(...rs.map((r) => r.maxRssKiB)), samples: rs.map((r) => Math.round(r.wallMs)) },
    ]),
  );
}

export const fmt = {
  ms: (v) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`),
  mib: (kib) => `${(kib / 1024).toFixed(0)} MiB`,
  ratio: (v) => `${v.toFixed(2)}x`,
  bytes: (b) => (b >= 1e6 ? `${(b / 1e6).toFixed(2)} MB` : b >= 1e3 ? `${(b / 1e3).toFixed(1)} kB` : `${b} B`),
};
