/**
 * axe-core on whole pages (WCAG 2.1 A and AA and best practices): home, a
 * category, a product and a search page, each as the shopper first sees it
 * once hydrated. No serious or critical violation anywhere.
 *
 * The panels are the same components on every page type, so each is checked
 * once per width where it opens, in tests/e2e/panels.spec.ts: inside the panel
 * with these tags, and the whole page for what an open modal changes around it.
 */
import { expect, test, type Page } from '@playwright/test'
import { pickProduct } from './support/cart'
import { axeTags, severeViolations } from './support/axe'

async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
}

const pageTypes: { name: string; path: () => Promise<string> }[] = [
  { name: 'home', path: async () => '/' },
  { name: 'category', path: async () => '/cane' },
  { name: 'product', path: async () => `/${(await pickProduct(() => true)).product.slug}/p` },
  { name: 'search', path: async () => '/s?q=crocchette' },
]

for (const { name, path } of pageTypes) {
  test(`${name}: no serious or critical violation on the whole page`, async ({ page }) => {
    await open(page, await path())
    if (name === 'category' || name === 'search') await expect(page.getByTestId('listing')).toHaveAttribute('aria-busy', 'false')
    expect(await severeViolations(page, { tags: axeTags })).toEqual([])
  })
}
