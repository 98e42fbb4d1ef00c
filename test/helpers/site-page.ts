// One docs-site page rendered in process, without documents or Redocly: for the pages built from docex's own
// catalogs (lint rules, traceability), whose tests check what the published page shows.
import Handlebars from 'handlebars';
import type { SiteContext } from '../../generator/docs/pages.js';
import { Renderer } from '../../generator/docs/render.js';

export function bareSite(): SiteContext {
  return { renderer: new Renderer(), apis: [], guides: [], nav: () => [], siteTitle: 'docex test', source: 'openapi/' };
}

/** Text as a page shows it: Handlebars' HTML escaping. */
export const escaped = (text: string): string => Handlebars.escapeExpression(text);

/** The page's table row with this id, from `<tr id="...">` to its `</tr>`; empty when there is none. */
export function rowOf(html: string, id: string): string {
  const start = html.indexOf(`<tr id="${escaped(id)}"`);
  return start < 0 ? '' : html.slice(start, html.indexOf('</tr>', start) + 5);
}
