import { apiLabel, baseUrlOf, withDefaults, type ApiInfo, type OperationInfo } from './api-info.js';
import type { Changelog } from './changelog.js';
import type { Guide } from './markdown.js';
import { COLUMNS, COLUMN_TITLES, coverage, formatMarkdown, isGap, isNa, refsOf, shortRef, statements, type LintRuleInfo } from './peers.js';
import { hrefFrom, type navFor, type Renderer } from './render.js';

/** What every page is built from (site.ts makes one per build). */
export interface SiteContext {
  renderer: Renderer;
  apis: ApiInfo[];
  nav: (path: string) => ReturnType<typeof navFor>;
  siteTitle: string;
  /** Where the documents come from, as the footer names it: `openapi`, `galaxy.yaml`. */
  source: string;
  /** The Markdown guides (templates/docs/guides/), already rendered. */
  guides: Guide[];
}

interface Page {
  path: string;
  html: string;
}

const ENV = { clientId: 'DOCEX_CLIENT_ID', clientSecret: 'DOCEX_CLIENT_SECRET', username: 'DOCEX_USERNAME', password: 'DOCEX_PASSWORD' };

function common(ctx: SiteContext, path: string, title: string) {
  return { path, title, nav: ctx.nav(path), siteTitle: ctx.siteTitle, source: ctx.source };
}

/** The first call of the getting-started section: a collection GET without path parameters, preferably with paging. */
function firstCallOf(apis: ApiInfo[]): { api: ApiInfo; op: OperationInfo } | undefined {
  const candidates = apis
    .filter((a) => !a.isToken)
    .flatMap((api) => api.operations.filter((op) => op.method === 'GET' && !op.path.includes('{') && op.operationId).map((op) => ({ api, op })));
  return candidates.find((c) => c.op.example.limit !== undefined) ?? candidates[0];
}

function queryString(ex: OperationInfo['example']): string {
  const parts = [ex.limit !== undefined ? `limit=${ex.limit}` : '', ex.sort ? `sort=${ex.sort}` : '', ex.expand ? `expand=${ex.expand}` : ''].filter(Boolean);
  return parts.length ? `?${parts.join('&')}` : '';
}

function clientArgs(ex: OperationInfo['example']): string {
  const parts = [ex.limit !== undefined ? `limit: ${ex.limit}` : '', ex.sort ? `sort: '${ex.sort}'` : '', ex.expand ? `expand: ['${ex.expand}']` : ''].filter(Boolean);
  return parts.length ? `{ ${parts.join(', ')} }` : '';
}

export function landingPage(ctx: SiteContext): Page {
  const path = 'index.html';
  const subApis = ctx.apis.filter((a) => !a.isToken);
  const token = ctx.apis.find((a) => a.isToken);
  const firstServer = subApis.find((a) => a.servers[0]);
  const server = firstServer?.servers[0];
  const tokenServer = token?.servers[0];
  const authUrl = tokenServer ? withDefaults(tokenServer).replace(/\/+$/, '') : 'https://{auth_url}';
  const baseUrl = firstServer && server ? withDefaults({ ...server, url: baseUrlOf(firstServer, server) }) : 'https://api.{region}.{serviceHost}/';
  const first = firstCallOf(ctx.apis);

  const curlToken = [
    `curl -s -u "$${ENV.clientId}:$${ENV.clientSecret}" \\`,
    `  -d grant_type=password \\`,
    `  --data-urlencode "username=$${ENV.username}" \\`,
    `  --data-urlencode "password=$${ENV.password}" \\`,
    `  ${authUrl}/oauth2/token`,
  ].join('\n');
  const curlCall = first
    ? [`curl -s -H "Authorization: Bearer $ACCESS_TOKEN" -H "Accept: application/json" \\`, `  "${baseUrl}${first.api.subApi}/${first.api.version}${first.op.path}${queryString(first.op.example)}"`].join('\n')
    : undefined;
  const clientCode = first
    ? [
        `import { createTokenClient } from './generated/token/index.js';`,
        `import { FileTokenStore } from './generated/token/node.js';`,
        `import { ${first.api.factory} } from './generated/${first.api.subApi}/${first.api.version}/index.js';`,
        ``,
        `const env = (name: string) => process.env[name] ?? '';`,
        `const tokens = createTokenClient({`,
        `  authUrl: '${authUrl}',`,
        `  clientId: env('${ENV.clientId}'),`,
        `  clientSecret: env('${ENV.clientSecret}'),`,
        `  store: new FileTokenStore('.docex/tokens.json'),`,
        `});`,
        `await tokens.signInWithPassword({ username: env('${ENV.username}'), password: env('${ENV.password}') }); // deprecated grant: warns once`,
        ``,
        `const api = ${first.api.factory}({ baseUrl: '${baseUrl}', tokens }); // the client adds ${first.api.subApi}/${first.api.version}/`,
        `const result = await api.${first.op.name}(${clientArgs(first.op.example)});`,
        `console.log(result);`,
      ].join('\n')
    : undefined;

  return {
    path,
    html: ctx.renderer.page('index.hbs', {
      ...common(ctx, path, 'Overview'),
      subApis: subApis.map((a) => ({
        label: apiLabel(a),
        title: a.title,
        documentVersion: a.documentVersion,
        summary: a.summary,
        operationCount: a.operations.length,
        reference: hrefFrom(path, `reference/${a.slug}.html`),
        changelog: hrefFrom(path, `changelog/${a.slug}.html`),
        json: hrefFrom(path, `reference/${a.slug}.json`),
      })),
      token: token
        ? { title: token.title, documentVersion: token.documentVersion, reference: hrefFrom(path, `reference/${token.slug}.html`), operationCount: token.operations.length }
        : undefined,
      server: server ? { url: server.url, variables: server.variables } : undefined,
      baseUrl,
      authUrl,
      exampleApiPath: firstServer ? `${firstServer.subApi}/${firstServer.version}/` : '{subApi}/{version}/',
      first: first ? { label: apiLabel(first.api), summary: first.op.summary ?? first.op.operationId, operationId: first.op.operationId } : undefined,
      curlToken,
      curlCall,
      clientCode,
      env: ENV,
      deprecations: ctx.apis.flatMap((a) => a.deprecations.map((text) => ({ api: apiLabel(a), href: hrefFrom(path, `reference/${a.slug}.html`), text }))),
      guides: ctx.guides.map((g) => ({ title: g.title, href: hrefFrom(path, g.path) })),
    }),
  };
}

/** The overview of a site of one document outside a tree: what it is, its servers, its reference and JSON. */
export function documentPage(ctx: SiteContext): Page {
  const path = 'index.html';
  const api = ctx.apis[0]!;
  return {
    path,
    html: ctx.renderer.page('document.hbs', {
      ...common(ctx, path, 'Overview'),
      summary: api.summary,
      documentVersion: api.documentVersion,
      operationCount: api.operations.length,
      servers: api.servers.map((s) => ({ url: s.url, description: s.description })),
      reference: hrefFrom(path, `reference/${api.slug}.html`),
      json: hrefFrom(path, `reference/${api.slug}.json`),
    }),
  };
}

export function guidePages(ctx: SiteContext): Page[] {
  const token = ctx.apis.find((a) => a.isToken);
  const tokenServer = token?.servers[0];
  const authUrl = tokenServer ? withDefaults(tokenServer).replace(/\/+$/, '') : '{auth_url}';
  const loginPath = token?.operations.find((o) => o.tokenService === 'login-page')?.path ?? '/oauth2/authorize';
  const tokenRef = token ? `reference/${token.slug}.html` : undefined;
  const auth = 'guides/authentication.html';
  const conv = 'guides/conventions.html';
  return [
    {
      path: auth,
      html: ctx.renderer.page('authentication.hbs', {
        ...common(ctx, auth, 'Authentication'),
        authUrl,
        loginPath,
        env: ENV,
        tokenReference: tokenRef ? hrefFrom(auth, tokenRef) : undefined,
        conventions: hrefFrom(auth, conv),
        deprecations: token?.deprecations ?? [],
      }),
    },
    {
      path: conv,
      html: ctx.renderer.page('conventions.hbs', {
        ...common(ctx, conv, 'Conventions'),
        authentication: hrefFrom(conv, auth),
        lintRules: hrefFrom(conv, 'lint-rules.html'),
        changelog: hrefFrom(conv, 'changelog/index.html'),
      }),
    },
    ...ctx.guides.map((g) => ({ path: g.path, html: ctx.renderer.page('guide.hbs', { ...common(ctx, g.path, g.title), html: g.html }) })),
  ];
}

export function changelogPages(ctx: SiteContext, tags: string[], byApi: Changelog): Page[] {
  const indexPath = 'changelog/index.html';
  const ordered = [...ctx.apis.filter((a) => !a.isToken), ...ctx.apis.filter((a) => a.isToken)];
  const pages: Page[] = ordered.map((a) => {
    const path = `changelog/${a.slug}.html`;
    const releases = (byApi.get(a.id) ?? []).map((r) => ({
      ...r,
      breakingCount: r.changes.filter((c) => c.level === 'breaking').length,
      changes: r.changes.map((c) => ({ id: c.id, level: c.level, message: c.message, location: c.location ?? '', ops: c.operations?.length ? c.operations : c.operation ? [c.operation] : [], isBreaking: c.level === 'breaking' })),
    }));
    return {
      path,
      html: ctx.renderer.page('changelog.hbs', {
        ...common(ctx, path, `Changelog: ${apiLabel(a)}`),
        label: apiLabel(a),
        reference: hrefFrom(path, `reference/${a.slug}.html`),
        markdown: `${a.slug}.md`,
        hasTags: tags.length > 0,
        releases,
      }),
    };
  });
  pages.unshift({
    path: indexPath,
    html: ctx.renderer.page('changelog-index.hbs', {
      ...common(ctx, indexPath, 'Changelog'),
      tags: [...tags].reverse(),
      hasTags: tags.length > 0,
      apis: ordered.map((a) => ({
        label: apiLabel(a),
        href: hrefFrom(indexPath, `changelog/${a.slug}.html`),
        releaseCount: byApi.get(a.id)?.length ?? 0,
        breakingCount: (byApi.get(a.id) ?? []).filter((r) => r.breaking).length,
      })),
    }),
  });
  return pages;
}

/**
 * Each API's changelog as Markdown: per release, exactly what `docex diff --format markdown` prints for the two tags,
 * so a release note or PR comment can reuse it. Written beside the HTML page as `changelog/<api>.md`.
 */
export function changelogMarkdown(ctx: SiteContext, tags: string[], byApi: Changelog): Page[] {
  return ctx.apis.map((a) => {
    const out = [`# Changelog: ${apiLabel(a)}`, ''];
    const releases = byApi.get(a.id) ?? [];
    if (tags.length === 0) out.push('There are no releases yet: the repository has no git tags.', '');
    else if (releases.length === 0) out.push('This API is not part of any tagged release yet.', '');
    for (const r of releases) {
      if (r.introduced || !r.previousTag) out.push(`## ${r.tag}`, '', `First released in \`${r.tag}\`.`, '');
      // The checker's own changes (diffTrees) through its own Markdown formatter: the text `docex diff --format markdown` prints.
      else out.push(formatMarkdown(r.changes, { title: `${r.tag} (since ${r.previousTag})`, headingLevel: 2 }).trimEnd(), '');
    }
    return { path: `changelog/${a.slug}.md`, html: out.join('\n') };
  });
}

export function lintRulesPage(ctx: SiteContext, rules: readonly LintRuleInfo[]): Page {
  const path = 'lint-rules.html';
  return {
    path,
    html: ctx.renderer.page('lint-rules.hbs', {
      ...common(ctx, path, 'Lint rules'),
      rules: rules.map((r) => ({ id: r.id, summary: r.summary, spec: r.spec })),
      conventions: hrefFrom(path, 'guides/conventions.html'),
    }),
  };
}

/** The traceability catalog: for each statement of the conventions, where docex encodes, checks, serves and tests it. */
export function traceabilityPage(ctx: SiteContext): Page {
  const path = 'traceability.html';
  const lintRules = hrefFrom(path, 'lint-rules.html');
  const { covered, total } = coverage();
  return {
    path,
    html: ctx.renderer.page('traceability.hbs', {
      ...common(ctx, path, 'Traceability'),
      covered,
      total,
      conventions: hrefFrom(path, 'guides/conventions.html'),
      lintRules,
      columns: COLUMNS.map((c) => COLUMN_TITLES[c]),
      statements: statements.map((s) => ({
        id: s.id,
        section: s.section,
        text: s.text,
        covered: COLUMNS.every((c) => !isGap(s[c])),
        cells: COLUMNS.map((c) => {
          const cell = s[c];
          if (isGap(cell)) return { gap: cell.gap };
          if (isNa(cell)) return { na: cell.na };
          return {
            refs: refsOf(cell).map((ref) => ({
              label: shortRef(ref),
              title: ref,
              href: ref.startsWith('docex/') ? `${lintRules}#${ref}` : undefined,
            })),
          };
        }),
      })),
    }),
  };
}
