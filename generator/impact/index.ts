// The consumer-impact report of `docex generate`: after the client-surface report finds breaking changes, and before
// the old output is replaced, the client developer's own TypeScript project is read and each place in it that a
// breaking change affects is reported as file:line:column. The old surface is resolved against the previous output
// still on disk, which is what the consumer's code compiles against. With no breaking change nothing is loaded.
import { join, relative, resolve } from 'node:path';
import type * as TS from 'typescript';
import type { ApiReport } from '../surface/index.js';
import { Evidence } from './evidence.js';
import { enumValues, exhaustiveRule, removedValueRule } from './enums.js';
import { inside, loadConsumer } from './project.js';
import { exportUse, referenceRule, setOtherThan, uncheckedRead } from './references.js';
import { callRule, literalRule } from './required.js';
import { streamSwitchRule } from './streams.js';
import type { Rule } from './rule.js';
import { ApiTargets } from './targets.js';
import type { ImpactChange, ImpactReport, Place, Scope } from './types.js';

export type { ImpactReport } from './types.js';
export { formatImpact, githubAnnotations } from './format.js';

interface ImpactInputs {
  /** The client-surface report, per API. */
  reports: readonly ApiReport[];
  /** The output folder (absolute), still holding the previous output. */
  output: string;
  /** The consumer's tsconfig (absolute). */
  tsconfig: string;
  /** Where docex runs: places are given relative to it. */
  cwd: string;
}

const PARAM_PATH = /^([^ ]+) (query|path|header|cookie)\.([^.[{<]+)$/;
const lastName = (target: string) => /([^.[{<\]}>]+)$/.exec(target.split(' ').pop() ?? '')?.[1] ?? target;

/** The breaking changes of the surface report, with their API. */
export function breakingChanges(reports: readonly ApiReport[]): ImpactChange[] {
  return reports.flatMap((r) => r.changes.filter((c) => c.breaking).map((c) => ({ api: r.api, ...(c.operation ? { operation: c.operation } : {}), kind: c.kind, ...(c.target ? { target: c.target } : {}), ...(c.values ? { values: c.values } : {}), message: c.message })));
}

export function consumerImpact(inputs: ImpactInputs): ImpactReport {
  const changes = breakingChanges(inputs.reports);
  const base = { breaking: changes.length, affected: 0, places: [] as Place[], unaffected: [] };
  if (!changes.length) return base;
  try {
    return analyse(inputs, changes);
  } catch (err) {
    // TypeScript itself gives up on some code (a stack overflow on very deep nesting): the consumer's tsc would too.
    const shown = relative(inputs.cwd, inputs.tsconfig) || inputs.tsconfig;
    return { ...base, notLoaded: `no consumer project: ${shown}: TypeScript could not read it (${err instanceof Error ? err.message : String(err)})` };
  }
}

function analyse(inputs: ImpactInputs, changes: ImpactChange[]): ImpactReport {
  const loaded = loadConsumer(inputs.tsconfig, inputs.cwd);
  if (typeof loaded === 'string') return { breaking: changes.length, affected: 0, places: [], unaffected: [], notLoaded: loaded };
  const { ts, program } = loaded;
  const checker = program.getTypeChecker();
  const output = resolve(inputs.output);
  const isGenerated = (f: TS.SourceFile) => inside(output, resolve(f.fileName));
  const files = program.getSourceFiles().filter((f) => !isGenerated(f) && !program.isSourceFileFromExternalLibrary(f) && !program.isSourceFileDefaultLibrary(f) && !/[\\/]node_modules[\\/]/.test(f.fileName));
  const scope: Scope = { ts, checker, files, isGenerated };
  const ev = new Evidence(scope);
  const rules: Rule[] = [];
  const byApi = new Map<string, ApiTargets | undefined>();
  for (const change of changes) {
    if (!byApi.has(change.api)) {
      const dir = join(output, change.api);
      const client = program.getSourceFile(join(dir, 'client.ts'));
      byApi.set(change.api, client && new ApiTargets(ts, checker, client, program.getSourceFile(join(dir, 'schema.ts')), program.getSourceFile(join(dir, 'index.ts'))));
    }
    const targets = byApi.get(change.api);
    // An API the consumer's program does not reach: nothing of the consumer's code can be affected by it.
    const rule = targets && ruleFor(scope, ev, targets, change);
    if (rule) rules.push(rule);
    const streamRule = targets && change.kind === 'enum-value-added' ? streamSwitchRule(scope, ev, change, targets.path(change.target ?? '').decls) : undefined;
    if (streamRule) rules.push(streamRule);
  }
  const places = scan(scope, rules, inputs.cwd);
  const hit = new Set(places.map((p) => p.change));
  const at = new Set(places.map((p) => `${p.file}:${p.line}:${p.column}`));
  return {
    breaking: changes.length,
    affected: at.size,
    places,
    unaffected: changes.filter((c) => !hit.has(c)),
    project: relative(inputs.cwd, loaded.config) || loaded.config,
    typescript: ts.version,
  };
}

/** The detector of one breaking change, by its surface-report kind. */
function ruleFor(scope: Scope, ev: Evidence, t: ApiTargets, change: ImpactChange): Rule | undefined {
  const { ts } = scope;
  const { kind, operation: op = '', target = '' } = change;
  const param = PARAM_PATH.exec(target);
  /** A path's declarations, with the parameters-interface members declared from them (what a call's literal sets). */
  const declsOf = (path: string) => {
    const decls = new Set(t.path(path).decls);
    for (const m of t.paramMembers()) if (m.name && ts.isPropertySignature(m) && m.type && ev.typeFrom(m.type, decls)) decls.add(m);
    return decls;
  };
  switch (kind) {
    case 'operation-removed':
      return referenceRule(scope, ev, change, new Set([t.method(op)].filter((d) => d !== undefined)), op);
    case 'export-removed':
    case 'export-changed':
      return referenceRule(scope, ev, change, t.exported(target), target, exportUse(ts));
    case 'parameter-removed':
      return referenceRule(scope, ev, change, new Set([t.param(op, target)].filter((d) => d !== undefined)), target);
    case 'parameter-became-required':
    case 'parameter-added':
      return callRule(scope, ev, change, op, t.callees(op), target);
    case 'request-property-removed':
    case 'request-type-changed':
    case 'response-property-removed':
    case 'response-type-changed':
      return referenceRule(scope, ev, change, declsOf(target), lastName(target));
    case 'response-property-became-optional':
      return referenceRule(scope, ev, change, declsOf(target), lastName(target), uncheckedRead(ts));
    case 'became-enum':
      return referenceRule(scope, ev, change, declsOf(target), lastName(target), setOtherThan(ts, changeValues(change)));
    case 'request-property-became-required':
    case 'request-property-added-required':
      if (param) return callRule(scope, ev, change, param[1]!, t.callees(param[1]!), param[3]!);
      return literalRule(scope, ev, change, t.path(target).owners, lastName(target));
    case 'enum-value-added':
    case 'response-enum-became-extensible':
    case 'enum-removed': {
      const decls = t.path(target).decls;
      return exhaustiveRule(scope, ev, change, decls, enumValues(scope, decls));
    }
    case 'enum-value-removed':
      return removedValueRule(scope, ev, change, declsOf(target), changeValues(change));
    default:
      return undefined;
  }
}

const changeValues = (change: ImpactChange): string[] => change.values ?? [];

/** Each consumer file that contains a needle of some rule, walked once; the places sorted by file and position. */
function scan(scope: Scope, rules: readonly Rule[], cwd: string): Place[] {
  const { ts } = scope;
  const places: Place[] = [];
  for (const file of scope.files) {
    const text = file.text;
    const active = new Map<TS.SyntaxKind, Rule[]>();
    for (const r of rules) if (r.needles.some((n) => text.includes(n))) for (const k of r.kinds) active.set(k, [...(active.get(k) ?? []), r]);
    if (!active.size) continue;
    const name = relative(cwd, file.fileName).split('\\').join('/');
    const seen = new Set<string>();
    const visit = (node: TS.Node): void => {
      for (const r of active.get(node.kind) ?? []) {
        const at = r.visit(node);
        if (!at) continue;
        const { line, character } = file.getLineAndCharacterOfPosition(at.getStart(file));
        const key = `${line}:${character}:${r.change.kind}:${r.change.target ?? ''}:${r.change.operation ?? ''}`;
        if (seen.has(key)) continue;
        seen.add(key);
        places.push({ file: name, line: line + 1, column: character + 1, change: r.change });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return places.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}
