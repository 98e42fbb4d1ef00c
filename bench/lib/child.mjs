// A generator child process (one document or one batch of them), killed after `timeoutMs`: its stdout whole, the
// tail of its stderr, and its exit code (null when killed).
import { spawn } from 'node:child_process';

export function runGeneratorChild(args, { cwd, timeoutMs, stderrTail }) {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--max-old-space-size=3072', ...args], {
      cwd,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr = (stderr + d).slice(-stderrTail)));
    const timer = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
    p.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, lastError: stderr.trim().split('\n').pop() ?? '' });
    });
  });
}
