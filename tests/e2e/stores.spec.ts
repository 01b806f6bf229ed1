/**
 * Pickup in store: the picker found by postal code and by the browser's
 * position, the chosen store on the product page, in the minicart and on the
 * platform's checkout page, and the favourite store across logout and login.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { minicart, openMinicart, pickProduct, settled, storedCart } from './support/cart'
import { e2ePlatformUrl } from './support/env'

const picker = (page: Page) => page.getByTestId('store-picker')
const shotPath = (name: string) => `test-results/screenshots/${test.info().project.name}-${name}.png`

async function openPicker(page: Page, from: 'product-pickup' | 'minicart-pickup') {
  await page.getByTestId(from).getByTestId('pickup-open').click()
  await expect(picker(page)).toBeVisible()
  await expect(page.locator('body')).toHaveClass(/no-scroll/)
}

async function searchPostalCode(page: Page, code: string) {
  await picker(page).getByTestId('store-search-input').fill(code)
  await picker(page).getByTestId('store-search-submit').click()
  await expect(picker(page).getByTestId('store-option').first()).toBeVisible()
}

async function login(page: Page, email: string) {
  const answer = await page.request.post(`${e2ePlatformUrl}/api/session/login`, { data: { email, password: 'Password123!' } })
  expect(answer.status()).toBe(200)
}

test('a typed postal code finds the nearest stores with pickup times; the chosen one shows on the product page, in the minicart and at checkout', async ({ page }) => {
  const { product, variant } = await pickProduct((v) => v.price >= 10)
  await page.goto(`/${product.slug}/p`)
  await expect(page.getByTestId('product-pickup')).toContainText('Ritira in negozio')
  await expect(page.getByTestId('product-pickup')).toContainText('Scegli il negozio dove ritirare il tuo ordine')

  await openPicker(page, 'product-pickup')
  await searchPostalCode(page, '16121')
  const options = picker(page).getByTestId('store-option')
  await expect(picker(page).getByTestId('store-status')).toContainText('Negozi vicino a Genova (16121)')
  await expect(options).toHaveCount(3)
  await expect(options.first()).toHaveAttribute('data-store-id', 'store-007')
  await expect(options.first().getByTestId('store-distance')).toHaveText(/^\d,\d km$/)
  for (const option of await options.all()) {
    await expect(option.getByTestId('store-pickup')).toHaveText(/^Ritira in negozio: (oggi entro (\d+ min|un'ora|\d+ ore)|oggi dalle \d\d:\d\d|domani dalle \d\d:\d\d|dal \d\d\/\d\d alle \d\d:\d\d)$/)
  }

  const { violations } = await new AxeBuilder({ page }).include('[data-testid="store-picker"]').analyze()
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
  await page.screenshot({ path: shotPath('store-picker') })

  await page.keyboard.press('Escape')
  await expect(picker(page)).toHaveCount(0)
  await expect(page.locator('body')).not.toHaveClass(/no-scroll/)
  await expect(page.getByTestId('product-pickup').getByTestId('pickup-open')).toBeFocused()

  await openPicker(page, 'product-pickup')
  await searchPostalCode(page, '16121')
  const pickupText = (await options.first().getByTestId('store-pickup').textContent())!.replace('Ritira in negozio: ', '')
  await options.first().getByTestId('store-choose').click()
  await expect(picker(page)).toHaveCount(0)
  await expect(page.getByTestId('product-pickup').getByTestId('pickup-chosen')).toContainText('Zampa Amica Genova')
  await expect(page.getByTestId('product-pickup').getByTestId('pickup-time')).toHaveText(pickupText)
  await page.screenshot({ path: shotPath('product-pickup'), fullPage: false })

  await page.getByTestId('buy-button').click()
  await openMinicart(page)
  await settled(page)
  await expect(minicart(page).getByTestId('minicart-pickup')).toContainText('Zampa Amica Genova')
  await page.screenshot({ path: shotPath('minicart-pickup') })

  const { id } = await storedCart(page)
  await expect
    .poll(async () => (await (await page.request.get(`${e2ePlatformUrl}/checkout?orderFormId=${id}`)).text()).includes('Ritiro in negozio'))
    .toBe(true)
  await page.goto(`${e2ePlatformUrl}/checkout?orderFormId=${id}`)
  await expect(page.getByTestId('checkout-pickup')).toContainText('Ritiro in negozio')
  await expect(page.getByTestId('checkout-pickup')).toContainText('Via XX Settembre 120, 16121 Genova')
  await page.screenshot({ path: shotPath('checkout-pickup') })
  expect(variant.sku).not.toBe('')
})

test.describe('with the browser’s position', () => {
  test.use({ geolocation: { latitude: 41.9028, longitude: 12.4964 }, permissions: ['geolocation'] })

  test('geolocation granted: the stores nearest Rome come first', async ({ page }) => {
    const { product } = await pickProduct(() => true)
    await page.goto(`/${product.slug}/p`)
    await openPicker(page, 'product-pickup')
    await picker(page).getByTestId('store-locate').click()
    const options = picker(page).getByTestId('store-option')
    await expect(options.first()).toBeVisible()
    await expect(options.first()).toContainText('Zampa Amica Roma')
    await expect(options.nth(1)).toContainText('Zampa Amica Roma')
    await expect(options.first().getByTestId('store-distance')).toHaveText(/^\d,\d km$/)
  })
})

test('the favourite store survives logout and login', async ({ page }) => {
  await login(page, 'giulia.bianchi@example.it')
  // start from another favourite, so the journey shows its own choice
  expect((await page.request.put(`${e2ePlatformUrl}/api/session/favourite-store`, { data: { storeId: 'store-001' } })).status()).toBe(200)
  const { product } = await pickProduct(() => true)
  await page.goto(`/${product.slug}/p`)
  await openPicker(page, 'product-pickup')
  await searchPostalCode(page, '16121')
  const genova = picker(page).locator('[data-store-id="store-007"]')
  await expect(genova.getByTestId('store-favourite')).toHaveAttribute('aria-pressed', 'false')
  await genova.getByTestId('store-favourite').click()
  await expect(genova.getByTestId('store-favourite')).toHaveAttribute('aria-pressed', 'true')
  await expect(genova.getByTestId('store-favourite')).toContainText('Negozio preferito')

  // Logged out the store's way (/logout): this browser's shopper state cleared, the platform session ended, back as a guest.
  await page.goto('/logout')
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/?$/, { timeout: 20_000 })
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.goto(`/${product.slug}/p`)
  await openPicker(page, 'product-pickup')
  await searchPostalCode(page, '16121')
  await expect(genova.getByTestId('store-favourite')).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('Escape')

  await login(page, 'giulia.bianchi@example.it')
  await page.reload()
  await openPicker(page, 'product-pickup')
  await searchPostalCode(page, '16121')
  await expect(genova.getByTestId('store-favourite')).toHaveAttribute('aria-pressed', 'true')
})
