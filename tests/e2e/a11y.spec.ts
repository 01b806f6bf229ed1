/**
 * axe-core on whole pages (WCAG 2.1 A and AA): home, a category, a product
 * and a search page, closed and with each panel open: minicart, drawer,
 * account menu (desktop), filter modal (phone) and the search suggestions.
 * No serious or critical violation anywhere.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { pickProduct } from './support/cart'

const isDesktop = () => test.info().project.name === 'desktop'

async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
}

async function severe(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const pageTypes: { name: string; path: () => Promise<string> }[] = [
  { name: 'home', path: async () => '/' },
  { name: 'category', path: async () => '/cane' },
  { name: 'product', path: async () => `/${(await pickProduct(() => true)).product.slug}/p` },
  { name: 'search', path: async () => '/s?q=crocchette' },
]

// One journey per page type: axe takes seconds a page, so each page type gets a journey's time of its own.
for (const { name, path } of pageTypes) {
  test(`${name}: closed and with each panel open, no serious or critical violation`, async ({ page }) => {
    test.slow()
    const found: string[] = []
    await open(page, await path())
    if (name === 'category' || name === 'search') await expect(page.getByTestId('listing')).toHaveAttribute('aria-busy', 'false')
    found.push(...(await severe(page, name)))

    await page.getByTestId('cart-button').click()
    await expect(page.getByTestId('minicart')).toBeVisible()
    found.push(...(await severe(page, `${name}+minicart`)))
    await page.keyboard.press('Escape')

    await page.getByTestId('drawer-button').click()
    await expect(page.getByTestId('category-drawer')).toBeVisible()
    found.push(...(await severe(page, `${name}+drawer`)))
    await page.keyboard.press('Escape')

    if (isDesktop()) {
      await page.getByTestId('account-button').click()
      await expect(page.getByTestId('account-dropdown')).toBeVisible()
      found.push(...(await severe(page, `${name}+account`)))
      await page.keyboard.press('Escape')
    } else if (name === 'category') {
      await page.getByTestId('filter-button').click()
      await expect(page.getByTestId('filter-modal')).toBeVisible()
      found.push(...(await severe(page, `${name}+filters`)))
      await page.keyboard.press('Escape')
    }

    const input = page.getByTestId('search-input')
    await input.fill('cro')
    await expect(page.getByTestId('search-suggestion-term').first()).toBeVisible()
    found.push(...(await severe(page, `${name}+suggestions`)))
    await input.press('Escape')
    expect(found).toEqual([])
  })
}
