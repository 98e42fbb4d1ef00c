// Code samples for every operation of every reference page, made from the model: a TypeScript module through the
// generated client and a curl script making the same call (for the token endpoint, one of each per grant). They go
// into the copy of the document the reference page renders, as Redoc's `x-codeSamples`; the published JSON is the
// document as written.
import { openapiVersion, pathItemOperations } from '../../load/index.js';
import type { OperationModel } from '../../model/index.js';
import { curlSample } from './curl.js';
import { documentWalk, planCall, type SampleApi } from './plan.js';
import type { SampleSite } from './plan.js';
import { tokenSamples } from './token.js';
import { typescriptSample } from './typescript.js';

export { sampleApi, sampleSite } from './site.js';

export interface CodeSample {
  /** `document/v1`, `token`. */
  api: string;
  op: OperationModel;
  /** The token endpoint's grant the sample is of. */
  grant?: string;
  lang: 'TypeScript' | 'curl';
  /** The language menu's entry: `TypeScript`, `curl`, `TypeScript (password)`. */
  label: string;
  source: string;
}

/** Every sample of one document, in the order of its operations (the model's). */
export function codeSamples(api: SampleApi, site: SampleSite): CodeSample[] {
  const pair = (op: OperationModel, typescript: string, curl: string, grant?: string): CodeSample[] => {
    const suffix = grant ? ` (${grant})` : '';
    const g = grant ? { grant } : {};
    return [
      { api: api.id, op, ...g, lang: 'TypeScript', label: `TypeScript${suffix}`, source: typescript },
      { api: api.id, op, ...g, lang: 'curl', label: `curl${suffix}`, source: curl },
    ];
  };
  if (api.model.operations.some((o) => o.conventions.tokenService)) return tokenSamples(api, site).flatMap((s) => pair(s.op, s.typescript, s.curl, s.grant));
  const walk = documentWalk(api);
  return api.model.operations.flatMap((op) => {
    const plan = planCall(api, op, walk);
    return pair(op, typescriptSample(plan, site), curlSample(plan, site));
  });
}

/** The menu's languages in the order samples first use them (the page's Redoc configuration lists them). */
export function sampleLanguages(samples: CodeSample[]): { lang: string; label: string }[] {
  const seen = new Map<string, { lang: string; label: string }>();
  for (const s of samples) if (!seen.has(s.label)) seen.set(s.label, { lang: s.lang, label: s.label });
  return [...seen.values(), { lang: 'payload', label: 'Payload' }];
}

/** A copy of `doc` whose operations carry their samples as `x-codeSamples`. */
export function withCodeSamples<T extends object>(doc: T, samples: CodeSample[]): T {
  const copy = structuredClone(doc) as T & { paths?: Record<string, unknown> };
  const version = openapiVersion(copy);
  for (const [path, item] of Object.entries(copy.paths ?? {})) {
    for (const { httpMethod, op } of pathItemOperations<Record<string, unknown>>(item, version)) {
      if (!op || typeof op !== 'object') continue;
      const own = samples.filter((s) => s.op.path === path && s.op.method === httpMethod);
      if (own.length) op['x-codeSamples'] = own.map((s) => ({ lang: s.lang === 'curl' ? 'bash' : s.lang, label: s.label, source: s.source }));
    }
  }
  return copy;
}
