// The one rule for HTML on the docs site, wherever a document's Markdown or the site's own reaches a page: the
// elements and attributes Markdown produces and descriptions use, and URLs that are http(s), mailto, relative or a
// fragment (images also data:). Nothing that frames a document (iframe, object, embed), runs script (script, on*
// attributes, javascript:/vbscript:/data: links) or changes where the page's links go (base, meta, form) survives.
// sanitize-html applies it (htmlparser2: the parser Redoc turns a description's HTML into elements with).
import { Lexer, type Token } from 'marked';
import sanitize from 'sanitize-html';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    ...['p', 'br', 'hr', 'div', 'span', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'kbd', 'samp', 'var'],
    ...['strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'sub', 'sup', 'small', 'mark', 'abbr', 'cite', 'q', 'dfn', 'time'],
    ...['ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td'],
    ...['a', 'img', 'figure', 'figcaption', 'details', 'summary', 'input'],
  ],
  allowedAttributes: {
    // The guides' accessible markup (markdown.ts): labelled, focusable scroll regions and heading ids.
    '*': ['id', 'class', 'title', 'lang', 'dir', 'role', 'tabindex', 'aria-*'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start', 'type'],
    th: ['scope', 'align', 'colspan', 'rowspan'],
    td: ['align', 'colspan', 'rowspan'],
    col: ['span'],
    details: ['open'],
    time: ['datetime'],
    // GitHub-flavoured task lists render a disabled checkbox.
    input: ['type', 'checked', 'disabled'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab cannot reach back to this page (window.opener).
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
    input: (tagName, attribs) => ({ tagName, attribs: attribs.type === 'checkbox' ? { ...attribs, disabled: '' } : {} }),
  },
};

/** HTML with only what the rule allows. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

/**
 * Markdown whose HTML follows the rule, for a renderer that reads Markdown (Redoc): code spans and blocks, and
 * autolinks of an allowed scheme, are kept as written (a code span shows `<b>` as text); a Markdown link or image to
 * a URL of another scheme keeps its text only; everything else goes through the sanitizer, whose escapes (`&lt;`,
 * `&gt;`, `&amp;`) read in Markdown text as the characters they stand for. A code span that holds something
 * script-capable is not kept: should another Markdown reader take it for HTML (an HTML block around it, say), it
 * would carry that script.
 */
export function sanitizeMarkdown(markdown: string): string {
  // What the sanitizer removes can turn the rest into Markdown of another kind (text of an HTML block into a link):
  // read again until nothing changes.
  let text = markdown;
  for (let round = 0; round < 8; round++) {
    const next = sanitizeOnce(text);
    if (next === text) return text;
    text = next;
  }
  // Not settled (never seen): as plain text.
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/[[\]()`]/g, (c) => `\\${c}`);
}

function sanitizeOnce(markdown: string): string {
  const kept: string[] = [];
  let masked = '';
  let from = 0;
  for (const { raw, keep } of marked(new Lexer({ gfm: true }).lex(markdown))) {
    const at = markdown.indexOf(raw, from);
    if (at < 0 || (keep === undefined && SCRIPT_CAPABLE.test(raw))) continue;
    masked += markdown.slice(from, at) + (keep ?? placeholder(kept.push(raw) - 1));
    from = at + raw.length;
  }
  masked += markdown.slice(from);
  const clean = sanitize(masked, OPTIONS)
    // `>` is HTML-safe in text, and Markdown's quote marker at a line's start.
    .replace(/&gt;/g, '>');
  return clean.replace(PLACEHOLDER, (_, i: string) => kept[Number(i)] ?? '');
}

/** Strings that run script or frame a document when taken for HTML (entities aside: the sanitizer decodes them). */
const SCRIPT_CAPABLE = /<\s*\/?\s*(script|iframe|frame|object|embed|base|meta|form|svg|math|style|link)\b|\son[a-z]+\s*=|srcdoc|javascript:|vbscript:|data:/i;
const PLACEHOLDER = /\u0001(\d+)\u0002/g;
const placeholder = (i: number) => `\u0001${i}\u0002`;

/** A URL with a scheme other than http(s) and mailto (as a browser reads it: control characters and spaces dropped). */
const otherScheme = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href.replace(/[\u0000-\u0020]/g, '')) && !/^(https?|mailto):/i.test(href.replace(/[\u0000-\u0020]/g, ''));

/**
 * The tokens sanitizeMarkdown treats apart, in document order: code and autolinks of an allowed scheme, kept as
 * written (`keep` undefined); links and images to another scheme, replaced by their text.
 */
function marked(tokens: Token[]): { raw: string; keep?: string }[] {
  const out: { raw: string; keep?: string }[] = [];
  for (const t of tokens) {
    if (t.type === 'code' || t.type === 'codespan') out.push({ raw: t.raw });
    else if ((t.type === 'link' || t.type === 'image') && otherScheme(t.href)) out.push({ raw: t.raw, keep: sanitize(t.text, { allowedTags: [], allowedAttributes: {} }) });
    else if (t.type === 'link' && t.raw.startsWith('<')) out.push({ raw: t.raw });
    else {
      const children = 'tokens' in t && Array.isArray(t.tokens) ? (t.tokens as Token[]) : [];
      const items = t.type === 'list' ? (t as { items: Token[] }).items : [];
      const cells = t.type === 'table' ? [...(t as { header: { tokens: Token[] }[] }).header, ...(t as { rows: { tokens: Token[] }[][] }).rows.flat()].flatMap((c) => c.tokens) : [];
      out.push(...marked([...children, ...items, ...cells]));
    }
  }
  return out;
}

/** A copy of a document whose Markdown (every `description` outside example and default values) follows the rule. */
export function withSafeMarkdown<T extends object>(doc: T): T {
  const copy = structuredClone(doc);
  const walk = (node: unknown, names: boolean): void => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, false));
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(o)) {
      // Under a map of names (properties, responses...), a key named `example` is a name, not an example.
      if (names) walk(value, false);
      else if (key === 'description' && typeof value === 'string') o[key] = sanitizeMarkdown(value);
      // JSON Schema's `examples` is a list of values; OpenAPI's, a map of Example Objects.
      else if (!DATA.has(key) && !(key === 'examples' && Array.isArray(value))) walk(value, NAME_MAPS.has(key));
    }
  };
  walk(copy, false);
  return copy;
}

/** Values that are data, shown as code, never rendered as Markdown (an Example Object's description is). */
const DATA = new Set(['example', 'value', 'default', 'enum', 'const', 'x-codeSamples']);
/** Objects whose keys are names the document chose. */
const NAME_MAPS = new Set([
  ...['paths', 'webhooks', 'callbacks', 'pathItems', 'schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers'],
  ...['securitySchemes', 'links', 'content', 'encoding', 'variables', 'properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'],
]);
