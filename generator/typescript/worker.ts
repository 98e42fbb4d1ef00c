// The TypeScript thread's entry (thread.ts): runs each task it is sent, in order, and answers with its result or its
// error. It loads typescript, openapi-typescript and ts-morph as the thread starts.
import { parentPort } from 'node:worker_threads';
import { DocexError } from '../util/errors.js';
import { saveCompileCache } from './compile-cache.js';
import { loadSchemaKit } from './internals.js';
import { loadPrinter } from './printer.js';
import { openSession, runTask, type Task } from './tasks.js';
import type { Reply, WireError } from './thread.js';

function wire(err: unknown): WireError {
  if (err instanceof DocexError) return { docex: true, message: err.message, exitCode: err.exitCode, file: err.file, line: err.line };
  return err instanceof Error ? { docex: false, message: err.message, stack: err.stack } : { docex: false, message: String(err) };
}

const port = parentPort!;
const ready = (async () => {
  loadSchemaKit();
  await loadPrinter();
})();
// This thread's one session: it serves one `docex generate`.
const session = openSession();
// One task at a time, in the order sent: the main thread takes the results in that order.
let queue: Promise<void> = ready.then(
  () => {},
  () => {}, // a task reports it
);
port.on('message', ({ id, task }: { id: number; task: Task }) => {
  queue = queue.then(async () => {
    let reply: Reply;
    try {
      reply = { id, ok: true, value: await runTask(task, session) };
    } catch (err) {
      reply = { id, ok: false, error: wire(err) };
    }
    // A cold cache is written once the modules have done some work (the data then holds what was compiled lazily).
    saveCompileCache();
    port.postMessage(reply);
  });
});
