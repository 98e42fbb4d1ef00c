#!/usr/bin/env node
// The `docex` command: compiled generator in dist/ (built by `npm run build` / `prepare`).
process.env.REDOCLY_TELEMETRY ??= 'off';
process.env.REDOCLY_SUPPRESS_UPDATE_NOTICE ??= 'true';
// A failure outside the command's own flow (a callback, a stream's error) is a docex bug too, reported as one.
const fail = async (err) => {
  const { reportBug } = await import('../dist/generator/util/bug.js');
  process.exitCode = reportBug(process.argv[2] ?? '', err);
  process.exit();
};
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
// generate: the TypeScript thread starts loading TypeScript while the rest of docex loads (typescript/thread.ts).
if (process.argv[2] === 'generate') (await import('../dist/generator/typescript/thread.js')).startTypeScriptThread();
const { main } = await import('../dist/generator/cli.js');
process.exitCode = await main(process.argv.slice(2));
