// Preloaded with `node --require` by test/cli/lazy-ts-morph.test.ts, beside record-imports.mjs: records the file
// of every CommonJS require() into DOCEX_TEST_IMPORTS, in the main thread and in worker threads (Node runs --require
// preloads in workers, --import ones not), since docex requires ts-morph, on its TypeScript thread.
'use strict';
const { appendFileSync } = require('node:fs');
const Module = require('node:module');
const { isAbsolute } = require('node:path');
const { pathToFileURL } = require('node:url');

const resolve = Module._resolveFilename;
Module._resolveFilename = function (...args) {
  const file = resolve.apply(this, args);
  if (process.env.DOCEX_TEST_IMPORTS && isAbsolute(file)) appendFileSync(process.env.DOCEX_TEST_IMPORTS, pathToFileURL(file).href + '\n');
  return file;
};
