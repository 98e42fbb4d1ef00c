import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { Node } from 'yaml';
import { DocexError } from './errors.js';
import { escapePointer, unescapePointer } from './json.js';
import { packageRoot } from './package-root.js';

// ajv and yaml are loaded only when a config file exists: loading them is a measurable part of every `docex generate`
// start-up (see bench/README.md#behind-the-design-decisions).
const require = createRequire(import.meta.url);
const loadYaml = () => require('yaml') as typeof import('yaml');

export const CONFIG_FILE = 'docex.config.json';


interface DocexConfig {
  input?: string;
  output?: string;
  apis?: 'all' | string[];
  documents?: Record<string, string>;
  failOnBreaking?: FailOnBreaking;
  consumerProject?: string | false;
  docsUrl?: string;
  strict?: boolean;
  requestIdHeader?: string;
  clients?: Record<string, ClientSettings>;
}

/** One client's name and shape, by API id (`*`: every API, and a single document): `name` (`GitHub`:
 *  createGitHubClient), `groupBy`, and renames of resources and methods. */
export interface ClientSettings {
  name?: string;
  groupBy?: 'operationId' | 'tag';
  resources?: Record<string, string>;
  methods?: Record<string, string>;
  /** How operations page, by operationId: a Paging (model/types.ts), or false for none; over the document's. */
  pagination?: Record<string, unknown>;
}

/** One operation's `pagination` setting and where it is written in the config file. */
export interface PaginationSetting {
  value: unknown;
  at: { file: string; pointer: string };
}

/** The `pagination` settings of one API, by operationId: its own entry's over `*`'s. */
export function paginationSettings(clients: Readonly<Record<string, ClientSettings>> | undefined, id: string | undefined): Record<string, PaginationSetting> {
  const out: Record<string, PaginationSetting> = {};
  for (const key of id === undefined ? ['*'] : ['*', id]) {
    const values = clients?.[key]?.pagination ?? {};
    for (const [op, value] of Object.entries(values)) out[op] = { value, at: { file: CONFIG_FILE, pointer: `#/clients/${escapePointer(key)}/pagination/${escapePointer(op)}` } };
  }
  return out;
}

/** `true`: any breaking change of the surface report refuses; `affected`: one that affects the consumer's code. */
export type FailOnBreaking = boolean | 'affected';

/** Settings after flags > config file > defaults, with paths absolute. */
export interface ResolvedConfig {
  input: string;
  output: string;
  apis: 'all' | string[];
  documents: Record<string, string>;
  /** Refuse to replace the output when the client surface report finds a breaking change (`affected`: one that
   *  affects a place of the consumer's code, or when the consumer's project cannot be read). */
  failOnBreaking: FailOnBreaking;
  /** The consumer's tsconfig for the impact report (absolute), or false: no report. */
  consumerProject: string | false;
  /** Where the documents' docs site is published: each method's doc comment links to its section there. */
  docsUrl: string | undefined;
  /** Warnings of constructs the documents hold that docex does not carry are failures (`--strict`). */
  strict: boolean;
  /** The response header of the APIs' request id, the factories' default (over the one a document declares). */
  requestIdHeader: string | undefined;
  /** Each client's name and shape by API id (`*`: every API); `--name` sets the one selected's name. */
  clients: Record<string, ClientSettings>;
  /** The config file that was read, if any. */
  configFile: string | undefined;
}

let compiled: ValidateFunction<DocexConfig> | undefined;
function validator(): ValidateFunction<DocexConfig> {
  if (!compiled) {
    const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    const schema = JSON.parse(readFileSync(join(packageRoot(), 'docex.config.schema.json'), 'utf8')) as object;
    compiled = new Ajv2020({ allErrors: true, strict: false }).compile<DocexConfig>(schema);
  }
  return compiled;
}

/** Reads `docex.config.json` from `cwd` if present; bad JSON or a schema violation throws naming file and line. */
function readConfig(cwd: string): { config: DocexConfig; file: string | undefined } {
  const file = join(cwd, CONFIG_FILE);
  if (!existsSync(file)) return { config: {}, file: undefined };
  const text = readFileSync(file, 'utf8');
  const shown = relative(process.cwd(), file) || CONFIG_FILE;
  const { LineCounter, parseDocument } = loadYaml();
  const validate = validator();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const parseError = doc.errors[0];
  if (parseError) {
    throw new DocexError(`invalid JSON: ${parseError.message.split('\n')[0]}`, 2, shown, lines.linePos(parseError.pos[0]).line);
  }
  const value: unknown = doc.toJS();
  if (!validate(value)) {
    const err = validate.errors?.[0];
    const path = (err?.instancePath ?? '').split('/').slice(1).map(unescapePointer);
    const where = err?.keyword === 'additionalProperties' ? [...path, String(err.params['additionalProperty'])] : path;
    const node = nodeAt(doc.contents, where);
    const line = node?.range ? lines.linePos(node.range[0]).line : 1;
    const subject = where.length ? `"${where.join('.')}"` : 'the config';
    const detail = err?.keyword === 'additionalProperties' ? 'is not a known setting' : (err?.message ?? 'is invalid');
    throw new DocexError(`${subject} ${detail} (see docex.config.schema.json)`, 2, shown, line);
  }
  return { config: value, file };
}

function nodeAt(node: unknown, path: string[]): Node | undefined {
  const { isMap, isScalar } = loadYaml();
  let current = node as Node | undefined;
  for (const key of path) {
    if (!isMap(current)) return current;
    const pair = current.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
    if (!pair) return current;
    current = (pair.value ?? pair.key) as Node;
  }
  return current;
}

interface GenerateFlags {
  input?: string | undefined;
  output?: string | undefined;
  apis?: string[] | undefined;
  failOnBreaking?: FailOnBreaking | undefined;
  strict?: boolean | undefined;
  name?: string | undefined;
}

/** Flags override the config file, which overrides the defaults. */
export function resolveConfig(cwd: string, flags: GenerateFlags): ResolvedConfig {
  const { config, file } = readConfig(cwd);
  const base = file ? dirname(file) : cwd;
  const localOpenapi = join(cwd, 'openapi');
  const input = flags.input
    ? resolve(cwd, flags.input)
    : config.input
      ? resolve(base, config.input)
      : existsSync(localOpenapi)
        ? localOpenapi
        : join(packageRoot(), 'openapi');
  const defaultOutput = file ? 'src/generated' : 'generated';
  const output = flags.output ? resolve(cwd, flags.output) : resolve(base, config.output ?? defaultOutput);
  const documents = Object.fromEntries(Object.entries(config.documents ?? {}).map(([id, p]) => [id, resolve(base, p)]));
  const failOnBreaking = flags.failOnBreaking || (config.failOnBreaking ?? false);
  const consumerProject = config.consumerProject === false ? false : resolve(base, config.consumerProject ?? 'tsconfig.json');
  const apis = flags.apis ?? config.apis ?? 'all';
  const clients = { ...config.clients };
  // `--name` names the one API selected, else every API (one document): the pipeline refuses it for several.
  const named = apis !== 'all' && apis.length === 1 ? apis[0]! : '*';
  if (flags.name !== undefined) clients[named] = { ...clients[named], name: flags.name };
  return { input, output, apis, documents, failOnBreaking, consumerProject, docsUrl: config.docsUrl, requestIdHeader: config.requestIdHeader, clients, strict: flags.strict || (config.strict ?? false), configFile: file };
}
