import { describe, expect, it } from 'vitest';
import { postProcess } from '../../generator/docs/reference.js';
import { hrefFrom } from '../../generator/docs/render.js';

// The shape of Redocly CLI 2.77.0's `build-docs --inlineBundle` output, cut down.
// The search box's parts as Redoc 3.0.1 writes them: prerendered while its index is not built, and in the bundle.
const searchMarkup = '<div data-testid="search-trigger"><div><svg><path d="M2"></path></svg><span>Loading...</span></div></div>';
const searchApp =
  'n?(0,V.jsxs)(V.Fragment,{children:[a(`search.navbar.label`,`Search `),o?`⌘K`:`Ctrl+K`]}):(0,V.jsx)(`span`,{children:a(`loading`,`Loading...`)});' +
  'function OOe(e){let t=window.requestIdleCallback(e);return()=>window.cancelIdleCallback(t)}';
const page = (app: string, search = true) =>
  `<html><head><!--docex:csp--></head><body><!--docex:nav--><div id="redoc"><a href="/">API</a><a href="/other/listdocuments">List</a>${search ? searchMarkup : ''}</div>` +
  `<script type="module">${app}${search ? searchApp : ''}</script></body></html>`;
const logo = 'r?(0,V.jsx)(`img`,{alt:`redocly logo`,onError:()=>n(!1),src:e?`https://cdn.redoc.ly/redoc/logo-mini-full.svg`:`https://cdn.redoc.ly/redoc/logo-mini.svg`}):null';

describe('reference page post-processing', () => {
  it('removes the attribution logo, the one request to another host, and adds the navigation', () => {
    const out = postProcess(page(`function y4(){return ${logo}} const u="/keep/in/code";`), '<nav>site</nav>', 'x.json');
    expect(out).not.toContain('cdn.redoc.ly');
    expect(out).toContain('return r?null:null');
    expect(out).toContain('<nav>site</nav><div id="redoc">');
    expect(out).not.toContain('<!--docex:nav-->');
  });

  it('gives the prerendered menu links the hash form the hydrated page uses, leaving the script alone', () => {
    const out = postProcess(page('const a=`<a href="/x">`'), '', 'x.json');
    expect(out).toContain('<a href="#/">API</a><a href="#/other/listdocuments">List</a>');
    expect(out).toContain('const a=`<a href="/x">`');
  });

  it('shows the search box\'s label from the first paint and builds its index within a second, in the markup and the bundle', () => {
    const out = postProcess(page(''), '', 'x.json');
    expect(out).toContain('<svg><path d="M2"></path></svg>Search <!-- -->Ctrl+K</div>');
    expect(out).not.toContain('Loading...');
    expect(out).toContain('(0,V.jsxs)(V.Fragment,{children:[a(`search.navbar.label`,`Search `),o?`⌘K`:`Ctrl+K`]});');
    expect(out).toContain('let t=window.requestIdleCallback(e,{timeout:1000});return()=>window.cancelIdleCallback(t)');
    // A Redoc that renders it otherwise fails the build rather than publish a box that may never say what it is.
    expect(() => postProcess(page('', false), '', 'document-v1.json')).toThrow(/search box/);
  });

  it('allows only the page\'s own inline scripts, by hash, and no frame, plugin, form or <base>', async () => {
    const { createHash } = await import('node:crypto');
    const out = postProcess(page('hydrate()'), '', 'x.json');
    const app = /<script type="module">([\s\S]*?)<\/script>/.exec(out)![1]!;
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(out)![1]!;
    expect(policy).toContain(`script-src 'sha256-${createHash('sha256').update(app).digest('base64')}' 'unsafe-eval';`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    for (const d of ["frame-src 'none'", "object-src 'none'", "base-uri 'none'", "form-action 'none'"]) expect(policy).toContain(d);
  });

  it('refuses to publish a page that still loads the logo from another host', () => {
    const changed = page('src:`https://cdn.redoc.ly/redoc/logo-mini-full.svg`');
    expect(() => postProcess(changed, '', 'document-v1.json')).toThrow(/attribution logo/);
    expect(() => postProcess('<html></html>', '', 'document-v1.json')).toThrow(/navigation marker/);
    expect(() => postProcess(page('').replace('<!--docex:csp-->', ''), '', 'document-v1.json')).toThrow(/policy marker/);
  });
});

describe('links between pages', () => {
  it('are relative, so the site works under any path', () => {
    expect(hrefFrom('index.html', 'reference/token.html')).toBe('reference/token.html');
    expect(hrefFrom('reference/token.html', 'index.html')).toBe('../index.html');
    expect(hrefFrom('reference/token.html', 'reference/document-v1.html')).toBe('document-v1.html');
    expect(hrefFrom('changelog/index.html', 'changelog/index.html')).toBe('index.html');
  });
});

describe('convention notes on reference pages', () => {
  it("adds x-unique's criteria to the create's description, in a copy", async () => {
    const { withConventionNotes } = await import('../../generator/docs/convention-notes.js');
    const doc = { paths: { '/documents': { post: { description: 'Creates a document.', 'x-unique': ['sender', 'documentType'] }, get: { description: 'Lists.' } } } };
    const shown = withConventionNotes(doc);
    expect(shown.paths['/documents'].post.description).toBe('Creates a document.\n\n**Duplicates (409 Conflict):** a create with the same `sender` and `documentType` as an existing resource is refused.');
    expect(shown.paths['/documents'].get.description).toBe('Lists.');
    expect(doc.paths['/documents'].post.description).toBe('Creates a document.');
  });

  it("adds x-effect's change to the create's description, from the model's reading", async () => {
    const { withConventionNotes } = await import('../../generator/docs/convention-notes.js');
    const doc = {
      paths: {
        '/document-fetches': {
          post: { description: 'Records a fetch.', 'x-effect': { target: '/documents/{documentId}', ids: 'documentIds', set: { isFetched: true } } },
        },
        '/file-parts/{filePartId}/actions': {
          post: {
            'x-effect': {
              target: '/file-parts/{filePartId}',
              by: 'action',
              cases: { Restart: { from: { status: ['AwaitingInteraction', 'Error'] }, set: { status: 'Processing' } }, Cancel: { set: { status: 'Cancelled' } } },
            },
          },
        },
      },
    };
    const shown = withConventionNotes(doc);
    expect(shown.paths['/document-fetches'].post.description).toBe(
      'Records a fetch.\n\n**Effect:** besides creating this resource, each resource named in `documentIds` (`/documents/{documentId}`) gets `isFetched: true`. 404 Not Found when one does not exist, and then nothing changes.',
    );
    expect((shown.paths['/file-parts/{filePartId}/actions'].post as { description?: string }).description).toBe(
      '**Effect:** besides creating this resource, the resource it is below (`/file-parts/{filePartId}`) changes by `action`: `Restart` sets `status: Processing`, only when its `status` is `AwaitingInteraction` or `Error`; `Cancel` sets `status: Cancelled`. 409 Conflict when its state does not allow the change, and then nothing changes.',
    );
  });

  it('states each filter (x-filter) and what a create sets (x-sets) on its parameter, a shared one once', async () => {
    const { withConventionNotes } = await import('../../generator/docs/convention-notes.js');
    const search = { name: 'searchTerm', in: 'query', 'x-filter': { match: 'search' } };
    const doc = {
      paths: {
        '/documents': {
          get: { parameters: [{ $ref: '#/components/parameters/SearchTerm' }, { name: 'senderId', in: 'query', description: 'Only documents sent by this company.', 'x-filter': { property: 'sender.id', match: 'equals' } }, { name: 'createdAfter', in: 'query', 'x-filter': { property: 'createdAt', match: 'after' } }] },
          post: { parameters: [{ name: 'senderId', in: 'query', 'x-sets': 'sender.id' }] },
        },
        '/companies': { get: { parameters: [{ $ref: '#/components/parameters/SearchTerm' }] } },
      },
      components: { parameters: { SearchTerm: search } },
    };
    const shown = withConventionNotes(doc);
    const [, sender, after] = shown.paths['/documents'].get.parameters as { description?: string }[];
    expect(sender!.description).toBe('Only documents sent by this company.\n\n**Filter:** keeps the items whose `sender.id` equals this value.');
    expect(after!.description).toBe('**Filter:** keeps the items whose `createdAt` is later than this value (compared as instants for timestamps and dates).');
    expect((shown.components.parameters.SearchTerm as { description?: string }).description).toBe('**Filter:** keeps the items with this text in any of their text properties, case-insensitively.');
    expect((shown.paths['/documents'].post.parameters[0] as { description?: string }).description).toBe("**Sets** the created item's `sender.id`.");
    expect(search).not.toHaveProperty('description');
  });
});
