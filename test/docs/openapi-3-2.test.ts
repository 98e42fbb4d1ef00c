// Issue 46: the docs site of an OpenAPI 3.2 tree: Redoc (the pinned CLI's, 3.x) renders its reference page with the
// tags nested by `parent` in the navigation, the QUERY and LINK operations, and their code samples.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { builtSite } from './built-site.js';
import { inChromium } from './chromium-site.js';

const tree = fileURLToPath(new URL('../sandbox/fixtures/openapi-3.2', import.meta.url));
const site = builtSite(tree, '32');

it('puts the samples of the QUERY and LINK operations in the document the page renders', () => {
  const html = readFileSync(join(site(), 'reference', 'catalog-v1.html'), 'utf8');
  expect(html).toContain(`curl -s -X QUERY -w '\\\\n' \\"$API/products\\"`);
  expect(html).toContain(`curl -s -X LINK \\"$API/products/p1\\"`);
  expect(html).toContain('api.searchProducts({ body: ');
  expect(html).toContain('api.linkProduct({ productId, link:');
});

/** Opens every group of Redoc's navigation (a closed group shows a right chevron; at most 10), then lists its links. */
async function navigation(page: Page): Promise<string[]> {
  const closed = page.locator('[data-component-name="Menu/Menu"] [data-component-name="icons/ChevronRightIcon/ChevronRightIcon"]');
  const links = page.locator('[data-component-name="Menu/Menu"] a');
  for (let i = 0; i < 10 && (await closed.count()) > 0; i++) {
    const shown = await links.count();
    await closed.first().click();
    await expect.poll(() => links.count()).toBeGreaterThan(shown);
  }
  return page.evaluate(() => [...document.querySelectorAll('[data-component-name="Menu/Menu"] a')].map((a) => `${a.getAttribute('href')} ${(a as HTMLElement).innerText.replace(/\s+/g, ' ').trim()}`));
}

inChromium('the 3.2 reference page in Chromium', site, (s) => {
  it('nests the tags by parent in the navigation, QUERY and LINK operations under theirs, and shows a QUERY operation with its sample', async () => {
    const page = await s.browser.newPage();
    try {
      await page.goto(`${s.url}reference/catalog-v1.html`);
      await page.locator('[data-component-name="Menu/Menu"]').waitFor();
      expect(await navigation(page)).toEqual([
        '#/ Catalog API (OpenAPI 3.2 fixture)',
        '#/catalog Catalog',
        '#/catalog/products Products',
        '#/catalog/products/listproducts List products GET',
        '#/catalog/products/getproduct One product GET',
        '#/catalog/products/linkproduct Link a product to another LINK',
        '#/catalog/products/search Search',
        '#/catalog/products/search/searchproducts Search products QUERY',
        '#/catalog/products/search/findproducts Find products by a query string GET',
      ]);
      await page.goto(`${s.url}reference/catalog-v1.html#/catalog/products/search/searchproducts`);
      await page.getByText('A safe, idempotent search whose criteria travel in the body.').waitFor();
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).toContain('QUERY\n/products');
      expect(text).toContain('await api.searchProducts({ body: ');
    } finally {
      await page.close();
    }
  }, 60_000);
});
