#!/usr/bin/env node
// The `docex` command: compiled generator in dist/ (built by `npm run build` / `prepare`).
process.env.REDOCLY_TELEMETRY ??= 'off';
process.env.REDOCLY_SUPPRESS_UPDATE_NOTICE ??= 'true';
const { main } = await import('../dist/generator/cli.js');
process.exitCode = await main(process.argv.slice(2));
