import { reportBug, systemError } from './util/bug.js';
import { DocexError } from './util/errors.js';

type Command = (argv: string[]) => Promise<number>;

// Each command lives with its stage; loaded lazily so `docex lint` does not pay for the generator.
const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  generate: { summary: 'generate typed clients from OpenAPI documents', load: async () => (await import('./commands/generate.js')).run },
  lint: { summary: 'lint documents against the API conventions', load: async () => (await import('./commands/lint.js')).run },
  diff: { summary: 'report breaking changes between two versions of the documents', load: async () => (await import('./commands/diff.js')).run },
  docs: { summary: 'build the static docs site', load: async () => (await import('./commands/docs.js')).run },
  sandbox: { summary: 'serve the reference sandbox on 127.0.0.1', load: async () => (await import('./commands/sandbox.js')).run },
  init: { summary: 'set up docex in a client repository', load: async () => (await import('./commands/init.js')).run },
};

function usage(): string {
  const rows = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(10)}${c.summary}`);
  return ['Usage: docex <command> [options]', '', 'Commands:', ...rows, '', 'Run `docex <command> --help` for its options.'].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h') {
    process.stdout.write(usage() + '\n');
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`docex: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  try {
    return await (await command.load())(rest);
  } catch (err) {
    if (err instanceof DocexError) {
      process.stderr.write(`docex ${name}: ${err.format()}\n`);
      return err.exitCode;
    }
    if (err instanceof Error && 'code' in err && typeof err.code === 'string' && err.code.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`docex ${name}: ${err.message}\n`);
      return 2;
    }
    const system = systemError(err);
    if (system) {
      process.stderr.write(`docex ${name}: ${system}\n`);
      return 2;
    }
    return reportBug(name, err);
  }
}
