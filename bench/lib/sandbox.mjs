// Parent side of sandbox-child.mjs: start, ask, stop.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { benchDir, root } from './setup.mjs';

export function startSandboxChild(options = {}, { timeoutMs = 120_000 } = {}) {
  const child = fork(join(benchDir, 'lib', 'sandbox-child.mjs'), [root, JSON.stringify(options)], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    execArgv: ['--max-old-space-size=4096', '--expose-gc'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  const ask = (message) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('sandbox did not answer in 10 s')), 10_000);
      child.once('message', (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      child.send(message);
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`sandbox did not start in ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`));
    });
    child.once('message', ({ url, credentials, startMs }) => {
      clearTimeout(timer);
      child.removeAllListeners('exit');
      resolve({
        url,
        pid: child.pid,
        credentials,
        startMs,
        advance: (ms) => ask({ advance: ms }),
        stats: async () => (await ask({ stats: true })).stats,
        memory: async () => (await ask({ memory: true })).memory,
        resetStats: () => ask({ resetStats: true }),
        close: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.disconnect();
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      });
    });
  });
}
