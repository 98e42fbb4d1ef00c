// Issue 41, failure 3: the docs site's one rule for HTML (generator/docs/sanitize.ts), on hostile strings, on the
// Markdown a description may hold, and on this repository's own documents, which must render as before.
import fc from 'fast-check';
import { join } from 'node:path';
import { Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml, sanitizeMarkdown, withSafeMarkdown } from '../../generator/docs/sanitize.js';
import { bundleFile, discoverApis } from '../../generator/load/index.js';
import { repoRoot } from '../helpers/run-docex.js';

const SEED = process.env.DOCEX_PROPERTY_SEED ? Number(process.env.DOCEX_PROPERTY_SEED) : 20261128;

/** Markdown as a reader with raw HTML enabled renders it (Redoc's reads it the same way). */
const render = (markdown: string) => new Marked({ gfm: true }).parse(markdown, { async: false });

/** What in rendered HTML frames a document, runs script, or moves the page. */
function scriptCapable(html: string): string[] {
  const tags = [...html.matchAll(/<([a-zA-Z][\w:-]*)([^>]*)>/g)];
  return tags.flatMap(([whole, tag, attrs]) => {
    const found: string[] = [];
    if (/^(iframe|frame|object|embed|script|base|meta|form|style|svg|math)$/i.test(tag!)) found.push(whole);
    for (const [, name, value] of attrs!.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      const url = (value ?? '').replace(/&#x?0*(9|a|d|10|13);?/gi, '').replace(/[\u0000-\u0020]/g, '');
      if (/^on/i.test(name!) || /^srcdoc$/i.test(name!) || /^(javascript|vbscript|data:(?!image\/))/i.test(url)) found.push(whole);
    }
    return found;
  });
}

const HOSTILE = [
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<IFRAME SRCDOC="&lt;script&gt;alert(1)&lt;/script&gt;">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<img src=x onerror=alert(1)>',
  '<img/src=x/onerror=alert(1)>',
  '<a href="javascript:alert(1)">a</a>',
  '<a href=" jav&#x09;ascript&#58;alert(1)">a</a>',
  '<a href="JAVASCRIPT:alert(1)">a</a>',
  '<a href="data:text/html,<script>alert(1)</script>">a</a>',
  '<a href="vbscript:msgbox(1)">a</a>',
  '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<details open ontoggle=alert(1)><summary>x</summary></details>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<script>alert(1)</script>',
  '<style>@import "javascript:alert(1)"</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<img title="`" src="x" onerror="alert(1)">`',
  '<div>\n`<iframe srcdoc="<script>alert(1)</script>"></iframe>`\n</div>',
  '`<iframe srcdoc="<script>alert(1)</script>">`',
  '```\n<img src=x onerror=alert(1)>\n```',
  '[a](javascript:alert(1))',
  '<javascript:alert(1)>',
  '<p><a href="java\nscript:alert(1)">x</a></p>',
];

describe('sanitizeHtml', () => {
  it.each(HOSTILE)('leaves nothing script-capable of %j', (hostile) => {
    expect(scriptCapable(sanitizeHtml(hostile))).toEqual([]);
  });

  it('keeps what the guides use: accessible regions, heading ids, code classes, links, tables, task lists', () => {
    const html =
      '<h2 id="a-b">A</h2><pre tabindex="0" role="region" aria-label="Code example"><code class="language-ts">x</code></pre>' +
      '<div class="table-scroll" tabindex="0" role="region" aria-label="Table: a"><table><thead><tr><th scope="col" align="left">a</th></tr></thead><tbody><tr><td align="left">1</td></tr></tbody></table></div>' +
      '<p><a href="https://example.com/x?a=1&amp;b=2">x</a> <a href="../guides/client.html#top">y</a> <a href="mailto:a@example.com">z</a></p>' +
      '<ul><li><input checked disabled type="checkbox" /> done</li></ul><img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />';
    expect(sanitizeHtml(html)).toBe(html);
  });
});

describe('sanitizeMarkdown', () => {
  it.each(HOSTILE)('renders nothing script-capable of %j', (hostile) => {
    expect(scriptCapable(render(sanitizeMarkdown(`Before ${hostile} after.`)))).toEqual([]);
    expect(scriptCapable(render(sanitizeMarkdown(hostile)))).toEqual([]);
  });

  it('keeps Markdown as it reads: code with angle brackets, quotes, autolinks, tables, lists, comparisons', () => {
    const md = [
      'The token (`Authorization: Bearer <ACCESS_TOKEN>`) and *emphasis*, **strong**, <b>bold</b> & more: a < b > c.',
      '',
      '> quoted',
      '> on two lines',
      '',
      '```ts',
      'const x: Array<string> = [];',
      '```',
      '',
      'See <https://example.com/a?b=1&c=2> and [the guide](../guides/client.html).',
      '',
      '| a | b |',
      '| --- | --- |',
      '| `<T>` | <span>y</span> |',
      '',
      '- one `Map<K, V>`',
      '- two',
    ].join('\n');
    expect(render(sanitizeMarkdown(md))).toBe(render(md));
  });

  it('renders as before every description of this repository\'s own documents', async () => {
    const descriptions: string[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(collect);
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if (k === 'description' && typeof v === 'string') descriptions.push(v);
        else collect(v);
      }
    };
    for (const entry of discoverApis(join(repoRoot, 'openapi'))) collect((await bundleFile(entry.file, { mode: 'own' })).document);
    expect(descriptions.length).toBeGreaterThan(100);
    for (const d of descriptions) expect(render(sanitizeMarkdown(d)), d).toBe(render(d));
  });

  it('holds on any mix of Markdown and hostile HTML (seeded)', () => {
    const piece = fc.oneof(
      fc.constantFrom(...HOSTILE, '`', '``', '\n', '\n\n', '> ', '- ', '    ', '<div>', '</div>', '<!--', '-->', '<pre>', '</pre>', '"', "'", '=', '<', '>', '&#x09;', 'x'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        expect(scriptCapable(render(sanitizeMarkdown(pieces.join(''))))).toEqual([]);
      }),
      { numRuns: 300, seed: SEED, endOnFailure: true },
    );
  });
});

describe('withSafeMarkdown', () => {
  it('holds every description of a document to the rule, in a copy, leaving example and default values as data', () => {
    const bad = '<iframe srcdoc="x"></iframe><b>kept</b>';
    const doc = {
      info: { title: 't', description: bad },
      tags: [{ name: 'a', description: bad }],
      paths: { '/x': { get: { description: bad, parameters: [{ name: 'q', description: bad, example: bad, schema: { default: bad, enum: [bad] } }], responses: { '200': { description: bad, content: { 'application/json': { examples: { one: { description: bad, value: { description: bad } } } } } } } } } },
      components: { schemas: { S: { description: bad, examples: [{ description: bad }], properties: { example: { description: bad }, value: { description: bad } } } }, securitySchemes: { k: { type: 'apiKey', description: bad } } },
    };
    const before = structuredClone(doc);
    const safe = withSafeMarkdown(doc);
    expect(doc).toEqual(before);
    const texts: string[] = [];
    JSON.stringify(safe, (k, v: unknown) => (k === 'description' && typeof v === 'string' && texts.push(v), v));
    expect(texts.filter((t) => t === '<b>kept</b>')).toHaveLength(10);
    expect(texts.filter((t) => t === bad)).toHaveLength(2);
    const op = safe.paths['/x'].get;
    expect(op.parameters[0]!.example).toBe(bad);
    expect(op.parameters[0]!.schema).toEqual({ default: bad, enum: [bad] });
    expect(op.responses['200'].content['application/json'].examples.one.value.description).toBe(bad);
    expect(safe.components.schemas.S.examples[0]!.description).toBe(bad);
  });
});
