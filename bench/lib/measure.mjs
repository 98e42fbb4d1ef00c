// Whole-process timing with peak memory, paired runs and medians. Machines are noisy: callers report ratios.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const preload = fileURLToPath(new URL('./rss-preload.mjs', import.meta.url));

/**
 * Runs `node ...args` (or `command`) once; returns wall ms, the peak RSS (KiB) of any Node process it started, the
 * CPU ms of all of them, its exit code and stdout. Exit codes outside `okCodes` reject (with the end of stderr).
 */
export function runOnce({ command = process.execPath, args, cwd, env = {}, timeoutMs = 300_000, okCodes = [0] }) {
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
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout.length < 1e6 ? (stdout += d) : undefined));
    child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-20_000)));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      let maxRssKiB = 0;
      let cpuMs = 0;
      try {
        for (const line of readFileSync(rssFile, 'utf8').split('\n')) {
          const [rss, user, sys] = line.split(' ').map(Number);
          if (!rss) continue;
          maxRssKiB = Math.max(maxRssKiB, rss);
          cpuMs += ((user || 0) + (sys || 0)) / 1000;
        }
      } catch {
        /* the process did not reach exit hooks */
      }
      rmSync(dir, { recursive: true, force: true });
      const shown = [command === process.execPath ? 'node' : command, ...args].join(' ');
      if (timedOut) reject(new Error(`${shown} took longer than ${timeoutMs / 1000} s and was stopped`));
      else if (!okCodes.includes(code)) reject(new Error(`${shown} exited ${code}\n${(stderr || stdout).slice(-2000)}`));
      else resolve({ wallMs, maxRssKiB, cpuMs, code, stdout });
    });
  });
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  if (!s.length) return NaN;
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Runs every variant `runs` times, interleaved (A B C, B C A, ...), after `warmup` rounds, so drift in machine load
 * hits all variants alike. Stops starting rounds once `budgetMs` is spent (at least one measured round).
 * A variant that fails is dropped from later rounds and reported with its error.
 * Returns {name: {wallMs, cpuMs, maxRssKiB, samples, runs, error?}}; `samples` keeps per-round results for paired ratios.
 */
export async function paired(variants, { runs = 5, warmup = 1, budgetMs = Infinity, before } = {}) {
  const started = Date.now();
  const samples = Object.fromEntries(variants.map((v) => [v.name, []]));
  const errors = {};
  for (let round = 0; round < warmup + runs; round++) {
    if (round > warmup && Date.now() - started > budgetMs) break;
    // Rotated each round, so that no variant always runs first (or right after the same neighbour).
    for (let i = 0; i < variants.length; i++) {
      const v = variants[(i + round) % variants.length];
      if (errors[v.name]) continue;
      try {
        if (before) await before(v);
        const r = await runOnce(v);
        if (round >= warmup) samples[v.name].push(r);
      } catch (err) {
        errors[v.name] = err;
      }
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([name, rs]) => [
      name,
      {
        wallMs: median(rs.map((r) => r.wallMs)),
        cpuMs: median(rs.map((r) => r.cpuMs)),
        maxRssKiB: rs.length ? Math.max(...rs.map((r) => r.maxRssKiB)) : NaN,
        runs: rs.length,
        samples: rs,
        ...(errors[name] ? { error: errors[name] } : {}),
      },
    ]),
  );
}

/** Median of per-round ratios a/b of two paired results (same round index = same moment of machine load). */
export function pairedRatio(a, b, key = 'wallMs') {
  const n = Math.min(a?.samples?.length ?? 0, b?.samples?.length ?? 0);
  const ratios = [];
  for (let i = 0; i < n; i++) ratios.push(a.samples[i][key] / b.samples[i][key]);
  return median(ratios);
}

/** Runs `fn` repeatedly until `count` calls or `ms` elapsed, whichever first; returns {calls, ms, latenciesUs}. */
export async function loop(fn, { count, ms, latencies = false }) {
  const lat = latencies ? [] : undefined;
  const start = performance.now();
  const end = start + ms;
  let calls = 0;
  while (calls < count) {
    const t = latencies ? performance.now() : 0;
    await fn(calls);
    if (lat) lat.push((performance.now() - t) * 1000);
    calls++;
    if ((calls & 15) === 0 && performance.now() > end) break;
  }
  return { calls, ms: performance.now() - start, latenciesUs: lat };
}

export const fmt = {
  ms: (v) => (!Number.isFinite(v) ? '-' : v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(v >= 100 ? 0 : 1)} ms`),
  mib: (kib) => (!Number.isFinite(kib) ? '-' : `${(kib / 1024).toFixed(0)} MiB`),
  ratio: (v) => (!Number.isFinite(v) ? '-' : `${v.toFixed(2)}x`),
  bytes: (b) => (b >= 1e6 ? `${(b / 1e6).toFixed(2)} MB` : b >= 1e4 ? `${(b / 1e3).toFixed(1)} kB` : `${b.toLocaleString('en-US')} B`),
  int: (v) => Math.round(v).toLocaleString('en-US'),
};
