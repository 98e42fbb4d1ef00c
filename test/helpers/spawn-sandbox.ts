// `docex sandbox` as a child process, as a user runs it: waits (bounded) for the URL it prints.
import { spawn, type ChildProcess } from 'node:child_process';

export interface SpawnedSandbox {
  child: ChildProcess;
  url: string;
  /** Everything printed so far. */
  io: { out: string; err: string };
  exited: Promise<number | null>;
  /** SIGTERM, then SIGKILL if still running after 5 s. */
  stop(): Promise<void>;
}

export async function spawnSandbox(command: string, args: string[], cwd: string, { waitMs = 30_000, env }: { waitMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<SpawnedSandbox> {
  const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], ...(env ? { env } : {}) });
  const io = { out: '', err: '' };
  child.stderr!.on('data', (d: Buffer) => (io.err += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`docex sandbox printed no URL within ${waitMs} ms:\n${io.out}\n${io.err}`)), waitMs);
    void exited.then((code) => reject(new Error(`docex sandbox exited (${code}) before printing its URL:\n${io.out}\n${io.err}`)));
    child.stdout!.on('data', (d: Buffer) => {
      io.out += d.toString();
      const m = /docex sandbox listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(io.out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
  }).catch((e: unknown) => {
    child.kill('SIGKILL');
    throw e;
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, url, io, exited, stop };
}
