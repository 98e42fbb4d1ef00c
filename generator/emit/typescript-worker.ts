// The TypeScript thread's entry (typescript-thread.ts): runs each task it is sent, in order, and answers with its
// files or its error. Its imports load typescript, openapi-typescript and ts-morph as the thread starts.
import { parentPort } from 'node:worker_threads';
import { saveCompileCache } from '../util/compile-cache.js';
import { DocexError } from '../util/errors.js';
import { loadPrinter } from './printer.js';
import { runTask, type Task } from './typescript-tasks.js';
import type { Reply, WireError } from './typescript-thread.js';

function wire(err: unknown): WireError {
  if (err instanceof DocexError) return { docex: true, message: err.message, exitCode: err.exitCode, file: err.file, line: err.line };
  return err instanceof Error ? { docex: false, message: err.message, stack: err.stack } : { docex: false, message: String(err) };
}

const port = parentPort!;
const ready = loadPrinter();
// One task at a time, in the order sent: the main thread takes the results in that order.
let queue: Promise<void> = ready.then(
  () => {},
  () => {}, // a client task reports it
);
port.on('message', ({ id, task }: { id: number; task: Task }) => {
  queue = queue.then(async () => {
    let reply: Reply;
    try {
      reply = { id, ok: true, value: await runTask(task) };
    } catch (err) {
      reply = { id, ok: false, error: wire(err) };
    }
    // A cold cache is written once the modules have done some work (the data then holds what was compiled lazily).
    saveCompileCache();
    port.postMessage(reply);
  });
});
