/**
 * Each pagination style's module, imported on the first pages()/all() of an operation of that style, never
 * statically: a generated client takes the loaders of the styles its document uses (Codecs.paging), so that a program
 * ships only those, and only in chunks its bundler loads when it pages. Each module holds the style's rule for the
 * next page; the shared pager (pagination.ts, with the offset style's rule) is loaded with it.
 */
import type { Step } from './pagination.js';
import type { PagingSpec } from './types.js';

/** A style's module: its rule for the next page. */
export interface PagingStyle {
  step: Step;
}
/** The loaders of the pagination styles a client pages in. */
export type PagingStyles = { readonly [S in PagingSpec['style']]?: () => Promise<PagingStyle> };

export const offsetPaging = () => import('./pagination.js');
export const pagePaging = () => import('./paging-page.js');
export const cursorPaging = () => import('./paging-cursor.js');
export const itemCursorPaging = () => import('./paging-item-cursor.js');
export const nextUrlPaging = () => import('./paging-next-url.js');
export const linkPaging = () => import('./paging-link.js');

/** Every style, for hand-written specs (createApi). */
export const allPaging: PagingStyles = {
  offset: offsetPaging,
  page: pagePaging,
  cursor: cursorPaging,
  'item-cursor': itemCursorPaging,
  'next-url': nextUrlPaging,
  link: linkPaging,
};
