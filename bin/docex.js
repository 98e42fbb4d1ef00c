#!/usr/bin/env node
// The `docex` command: compiled generator in dist/ (built by `npm run build` / `prepare`).
process.env.REDOCLY_TELEMETRY ??= 'off';
process.env.REDOCLY_SUPPRESS_UPDATE_NOTICE ??= 'true';
// generate: the TypeScript thread starts loading TypeScript while the rest of docex loads (emit/typescript-thread.ts).
if (process.argv[2] === 'generate') (await import('../dist/generator/emit/typescript-thread.js')).startTypeScriptThread();
const { main } = await import('../dist/generator/cli.js');
process.exitCode = await main(process.argv.slice(2));
