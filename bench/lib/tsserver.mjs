// A tsserver (typescript/lib/tsserver.js) driven over stdio with the protocol editors speak: Content-Length framed
// JSON from the server, one JSON line per request to it. Every request has a timeout; the process is killed when the
// session closes or the bench process exits, whichever first.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root } from './setup.mjs';

const require = createRequire(join(root, 'package.json'));
export const tsserverPath = () => require.resolve('typescript/lib/tsserver.js');

const live = new Set();
process.once('exit', () => {
  for (const p of live) p.kill('SIGKILL');
});

/** CPU ms (user + system) of a process so far, from /proc (10 ms ticks); undefined off Linux. */
function cpuMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** Peak RSS (KiB) of a process so far, from /proc; undefined off Linux. */
function peakRssKiBOf(pid) {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts a tsserver as VS Code does (no typings acquisition, 3 GB heap). `request(command, args)` resolves with
 * the response, its wall ms and the server's CPU ms for it.
 */
export function startTsserver({ cwd, timeoutMs = 120_000 }) {
  const env = { ...process.env };
  delete env.TSS_LOG;
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--max-old-space-size=3072', tsserverPath(), '--disableAutomaticTypingAcquisition', '--locale', 'en', '--noGetErrOnBackgroundUpdate'], {
    cwd,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  live.add(child);
  let seq = 0;
  const pending = new Map();
  let exited;
  const whenExited = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = { code, signal }))));
  whenExited.then(() => {
    live.delete(child);
    for (const { reject } of pending.values()) reject(new Error(`tsserver exited (${exited.code ?? exited.signal}) before answering: ${stderr.trim().split('\n').pop() ?? ''}`));
    pending.clear();
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  child.stdin.on('error', () => {}); // a killed server closes its stdin; the pending request reports it

  let buffer = Buffer.alloc(0);
  child.stdout.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const headerEnd = buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString('latin1'))?.[1]);
      if (!Number.isFinite(length)) {
        stderr += `\nunframed output: ${buffer.subarray(0, 200).toString()}`;
        child.kill('SIGKILL');
        return;
      }
      if (buffer.length < headerEnd + 4 + length) return;
      const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8'));
      buffer = buffer.subarray(headerEnd + 4 + length);
      if (message.type !== 'response') continue; // events: projectLoadingStart, telemetry, ...
      const waiter = pending.get(message.request_seq);
      if (!waiter) continue;
      pending.delete(message.request_seq);
      waiter.resolve(message);
    }
  });

  /** Sends a request without waiting for a response (`open`, `change`: tsserver answers neither). */
  const send = (command, args) => {
    if (exited) throw new Error(`tsserver exited (${exited.code ?? exited.signal}): ${stderr.trim().split('\n').pop() ?? ''}`);
    child.stdin.write(`${JSON.stringify({ seq: ++seq, type: 'request', command, arguments: args })}\n`);
    return seq;
  };

  async function request(command, args, { timeout = timeoutMs } = {}) {
    const cpuBefore = cpuMsOf(child.pid);
    const started = performance.now();
    const id = send(command, args);
    let timer;
    try {
      const response = await new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`tsserver ${command} took longer than ${timeout / 1000} s`));
        }, timeout);
      });
      const wallMs = performance.now() - started;
      const cpuAfter = cpuMsOf(child.pid);
      // tsserver's answer when there is nothing to show at a position (no completion list, no hover).
      const nothing = !response.success && response.message === 'No content available.';
      if (!response.success && !nothing) throw new Error(`tsserver ${command} failed: ${response.message}`);
      return { body: nothing ? undefined : response.body, wallMs, cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Asks the server to exit, and kills it if it has not within 5 s. Returns its peak RSS (KiB) when known. */
  async function close() {
    const peakRssKiB = peakRssKiBOf(child.pid);
    if (!exited) {
      try {
        send('exit', {});
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await whenExited;
      clearTimeout(timer);
    }
    return { peakRssKiB };
  }

  return { send, request, close, cpuMs: () => cpuMsOf(child.pid) ?? NaN };
}
