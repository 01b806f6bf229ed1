/**
 * The first shopper journey: home → category → product → add to cart →
 * minicart shows the line → the platform's checkout shows the same line and total.
 * It runs twice: as a shopper who already refused the optional cookies, and as
 * a first visit that never answers the consent banner, whose every tap must
 * still reach the page and its panels (the banner sits under them).
 */
import { expect, test, type Page } from '@playwright/test'

const euros = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'))

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${test.info().project.name}-${name}.png`, fullPage: false })
}

const banner = (page: Page) => page.getByTestId('consent-banner')

/** Home → category → product → added-to-cart → minicart at the minimum order → checkout. */
async function buyFromCategory(page: Page, shot: (page: Page, name: string) => Promise<void>, bannerOpen: boolean) {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(banner(page)).toBeVisible({ visible: bannerOpen })
  await shot(page, '1-home')

  await page.getByTestId('category-link').filter({ hasText: /^Cane$/ }).click()
  await expect(page).toHaveURL(/\/cane$/)
  await expect(page.getByTestId('category-title')).toHaveText('Cane')
  await shot(page, '2-category')

  const card = page.getByTestId('product-card').filter({ hasNotText: 'Non disponibile' }).first()
  await card.getByTestId('product-card-link').click()
  await expect(page).toHaveURL(/\/p$/)
  const name = (await page.getByTestId('product-name').textContent())!.trim()
  await shot(page, '3-product')

  const buy = page.getByTestId('buy-button')
  await expect(buy).toBeEnabled()
  const sku = await buy.getAttribute('data-sku')
  // At 375 px the unanswered banner covers the lower half of the screen and the page scrolls under it: the
  // shopper scrolls the button up into the half above it, as they would.
  if (bannerOpen) await buy.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().top - window.innerHeight * 0.35))
  await buy.click()
  const added = page.getByTestId('added-to-cart-modal')
  await expect(added.getByTestId('added-to-cart-product')).toHaveAttribute('data-sku', sku!)
  await expect(added).toContainText(name)
  await added.getByTestId('added-to-cart-go-to-cart').click()

  const minicart = page.getByTestId('minicart')
  await expect(minicart).toBeVisible()
  await expect(minicart.getByRole('heading', { name: 'Il tuo carrello' })).toBeVisible()
  await expect(page.locator('body')).toHaveClass(/no-scroll/)
  const line = minicart.locator(`[data-testid="minicart-line"][data-sku="${sku}"]`)
  await expect(line).toContainText(name)
  await expect(minicart.getByTestId('checkout-button')).toHaveText('Vai alla cassa')

  // Reach the 8,99 € minimum order with the quantity stepper, as a shopper would.
  while (euros(await minicart.getByTestId('minicart-total').textContent()) < 8.99) {
    const before = await line.getByRole('status', { name: 'Quantità' }).textContent()
    await line.getByRole('button', { name: 'Aumenta la quantità' }).click()
    await expect(line.getByRole('status', { name: 'Quantità' })).not.toHaveText(before!)
    await expect(minicart.getByTestId('checkout-button')).toHaveText('Vai alla cassa')
  }
  await expect(minicart.getByTestId('minicart-minimum')).toHaveCount(0)
  await expect(minicart.getByTestId('minicart-total')).toHaveText(/^€ \d+,\d{2}$/)

  const checkout = minicart.getByTestId('checkout-button')
  await expect(checkout).toHaveText('Vai alla cassa')
  await expect(checkout).toHaveAttribute('href', /\/checkout\?orderFormId=[0-9a-f-]{36}#\/orderform$/)
  const total = euros(await minicart.getByTestId('minicart-total').textContent())
  const quantity = (await line.getByRole('status', { name: 'Quantità' }).textContent())!.trim()
  await shot(page, '4-minicart')
  // Unanswered, the banner is still there, under the open minicart: the tap lands on the button.
  await expect(banner(page)).toBeVisible({ visible: bannerOpen })

  await checkout.click()
  await expect(page).toHaveURL(/\/checkout\?orderFormId=.+#\/orderform$/)
  const checkoutLine = page.locator(`[data-testid="checkout-line"][data-sku="${sku}"]`)
  await expect(checkoutLine).toBeVisible()
  await expect(checkoutLine).toContainText(name)
  await expect(checkoutLine.getByTestId('checkout-line-quantity')).toContainText(quantity)
  expect(euros(await page.getByTestId('checkout-total').textContent())).toBeCloseTo(total, 2)
  await shot(page, '5-checkout')
}

test('a guest buys from a category page through to the checkout', async ({ page }) => {
  // Reaching the minimum order on a cheap first product takes one validated step per unit.
  test.slow()
  await buyFromCategory(page, shot, false)
})

test.describe('with the consent banner never answered', () => {
  // A first visit: nothing stored, so the banner stays open the whole way.
  test.use({ storageState: { cookies: [], origins: [] } })

  test('a guest buys from a category page through to the checkout, every tap reaching what it aims at', async ({ page }) => {
    test.slow()
    await buyFromCategory(page, (page, name) => shot(page, `banner-${name}`), true)
    // Back from the checkout with nothing answered, the banner still asks.
    await page.goBack()
    await expect(banner(page)).toBeVisible()
  })
})

test('the cart survives a reload', async ({ page }) => {
  await page.goto('/cane')
  await page.getByTestId('product-card').filter({ hasNotText: 'Non disponibile' }).first().getByTestId('product-card-link').click()
  await page.getByTestId('buy-button').click()
  await page.getByTestId('added-to-cart-go-to-cart').click()
  await expect(page.getByTestId('minicart-line')).toHaveCount(1)
  await expect(page.getByTestId('checkout-button')).toHaveText('Vai alla cassa')
  await page.reload()
  // The count appears once the page has hydrated and read the cart back from IndexedDB.
  await expect(page.getByTestId('cart-count')).toHaveText('1')
  await page.getByTestId('cart-button').click()
  await expect(page.getByTestId('minicart-line')).toHaveCount(1)
})
