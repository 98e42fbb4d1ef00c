import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { DocexError } from '../util/errors.js';
import { redoclyCli } from './locate.js';

interface ReferenceJob {
  /** The bundled document (JSON) to render. */
  input: string;
  /** Redocly configuration of the page (the code samples' languages). */
  config?: string;
  output: string;
  title: string;
  /** Navigation HTML put above the rendered reference. */
  navHtml: string;
}

/** The attribution logo is the one thing Redoc fetches from another host even with --inlineBundle. */
const LOGO_ELEMENT = /\(0,[\w$]+\.jsx\)\(`img`,\{alt:`redocly logo`[^}]*\}\)/g;
/**
 * The search box says "Loading..." until its index is built, which Redoc starts only when the browser is idle
 * (requestIdleCallback without a timeout: on a busy page, or in a headless screenshot, never). The box works before
 * that (a click or hover builds the index, and the dialog shows its own spinner), so it shows its label from the
 * first paint, and the index is built within a second even when the page is never idle.
 */
const SEARCH_LABEL = /([\w$]+)\?(\(0,[\w$]+\.jsxs\)\([\w$]+\.Fragment,\{children:\[[\w$]+\(`search\.navbar\.label`,`Search `\),[\w$]+\?`⌘K`:`Ctrl\+K`\]\}\)):\(0,[\w$]+\.jsx\)\(`span`,\{children:[\w$]+\(`loading`,`Loading\.\.\.`\)\}\)/;
const SEARCH_IDLE = /([\w$]+)=window\.requestIdleCallback\(([\w$]+)\);return\(\)=>window\.cancelIdleCallback\(\1\)/;
/** The trigger as Redoc prerenders it before the index exists, and as React renders the label (text nodes apart). */
const SEARCH_LOADING_MARKUP = '</svg><span>Loading...</span>';
const SEARCH_LABEL_MARKUP = '</svg>Search <!-- -->Ctrl+K';
const NAV_MARKER = '<!--docex:nav-->';
const CSP_MARKER = '<!--docex:csp-->';

/**
 * Renders one reference page with the pinned Redocly CLI (`build-docs --inlineBundle`: the Redoc bundle is inlined,
 * so the page works offline), then makes it fully self-contained and adds the site navigation.
 */
export async function renderReference(job: ReferenceJob, template: string, workDir: string): Promise<void> {
  const args = [redoclyCli(), 'build-docs', job.input, '--inlineBundle', '-t', template, '-o', job.output, '--title', job.title];
  if (job.config) args.push('--config', job.config);
  const { code, output } = await run(process.execPath, args, workDir);
  if (code !== 0) {
    const tail = output.split('\n').filter((l) => l.trim() && !/[║╔╗╚╝]/.test(l)).slice(-5).join(' | ');
    throw new DocexError(`redocly build-docs failed (exit ${code}): ${tail}`, 2, job.input);
  }
  const html = await readFile(job.output, 'utf8');
  await writeFile(job.output, postProcess(html, job.navHtml, job.input));
}

export function postProcess(html: string, navHtml: string, source: string): string {
  if (!html.includes(NAV_MARKER)) throw new DocexError('the reference template lost its navigation marker', 2, source);
  // The prerendered menu links are server paths (`/other/listdocuments`), which break under any other path; the
  // hydrated page uses a hash router, so give the prerendered links the hash form it renders (`#/other/listdocuments`).
  const appStart = html.indexOf('<script type="module"');
  const markup = appStart < 0 ? html : html.slice(0, appStart);
  const app = appStart < 0 ? '' : html.slice(appStart);
  // Fail rather than publish a page whose search box never says what it is: a new Redoc may render it differently.
  if (!SEARCH_LABEL.test(app) || !SEARCH_IDLE.test(app) || markup.split(SEARCH_LOADING_MARKUP).length !== 2) {
    throw new DocexError('cannot make the search box of the Redoc bundle show its label before its index is built', 2, source);
  }
  const ownApp = app.replace(LOGO_ELEMENT, 'null').replace(SEARCH_LABEL, '$2').replace(SEARCH_IDLE, '$1=window.requestIdleCallback($2,{timeout:1000});return()=>window.cancelIdleCallback($1)');
  const ownMarkup = markup.replace(/href="\/(?!\/)/g, 'href="#/').replace(SEARCH_LOADING_MARKUP, SEARCH_LABEL_MARKUP);
  const page = (ownMarkup + ownApp).replace(NAV_MARKER, () => navHtml);
  if (!page.includes(CSP_MARKER)) throw new DocexError('the reference template lost its policy marker', 2, source);
  const out = page.replace(CSP_MARKER, () => `<meta http-equiv="Content-Security-Policy" content="${policyFor(page)}">`);
  // Fail rather than publish a page that calls home: a new Redoc may render the logo differently.
  if (out.includes('cdn.redoc.ly/')) throw new DocexError('cannot remove the Redoc attribution logo (an external request) from the page', 2, source);
  return out;
}

/**
 * The page's Content Security Policy, on top of the sanitizer (sanitize.ts): only the page's own inline scripts run
 * (each by its hash), nothing is framed or embedded, and forms, `<base>` and plugins are refused. Styles stay inline
 * (Redoc's CSS-in-JS); Redoc's search compiles its worker with `Function`, hence 'unsafe-eval' and blob: workers,
 * which a document's HTML cannot reach without running script first.
 */
function policyFor(html: string): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src ${[...new Set(hashes)].join(' ')} 'unsafe-eval'`,
    "worker-src blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

function run(cmd: string, args: string[], cwd: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    // cwd is a scratch folder: no redocly.yaml there, so the lint plugin config of the repo is not loaded.
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Runs `tasks` with at most `limit` in flight; rejects with the first failure after all have settled. */
export async function inParallel<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (err) {
        errors.push(err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (errors.length) throw errors[0];
}
