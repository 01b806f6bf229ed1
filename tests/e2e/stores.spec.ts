/**
 * Pickup in store: the picker found by postal code and by the browser's
 * position, the chosen store on the product page, in the minicart and on the
 * platform's checkout page, and the favourite store across logout and login.
 */
import { severeViolations } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import { catalog, minicart, openMinicart, pickProduct, settled, storedCart } from './support/cart'
import { e2ePlatformUrl } from './support/env'
import { logOutThroughStore } from './support/identity'
import { oneWidth } from './support/widths'

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

/** Zero serious or critical axe violations inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  expect(await severeViolations(page, { include: selector })).toEqual([])
}

/** A modal panel: the body's scroll is locked and Tab never leaves it. */
async function expectModal(page: Page, testId: string) {
  const modal = page.getByTestId(testId)
  await expect(modal).toBeVisible()
  await expect(modal).toHaveAttribute('aria-modal', 'true')
  await expect(page.locator('body')).toHaveClass(/no-scroll/)
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    expect(await modal.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  }
}

/** Escape closes the modal, unlocks the scroll and gives focus back to `opener`. */
async function expectClosedByEscape(page: Page, testId: string, opener: ReturnType<Page['getByTestId']>) {
  await page.keyboard.press('Escape')
  await expect(page.getByTestId(testId)).toHaveCount(0)
  await expect(page.locator('body')).not.toHaveClass(/no-scroll/)
  await expect(opener).toBeFocused()
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
  // Until the shopper gives a postal code, the delivery estimate is for the default Ligurian one.
  await expect(page.getByTestId('delivery-postal-code')).toHaveText('Stima per il CAP 19038')

  await openPicker(page, 'product-pickup')
  await searchPostalCode(page, '16121')
  const options = picker(page).getByTestId('store-option')
  await expect(picker(page).getByTestId('store-status')).toContainText('Negozi vicino a Genova (16121)')
  await expect(options).toHaveCount(3)
  await expect(options.first()).toHaveAttribute('data-store-id', 'store-007')
  await expect(options.first().getByTestId('store-distance')).toHaveText(/^\d,\d km$/)
  for (const option of await options.all()) {
    await expect(option.getByTestId('store-pickup')).toHaveText(
      /^Ritira in negozio: (oggi entro (\d+ min|un'ora|\d+ ore)|(oggi|domani) dalle \d\d:\d\d alle \d\d:\d\d|da (lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica) \d\d\/\d\d)$/,
    )
  }

  await expectAccessible(page, '[data-testid="store-picker"]')
  await page.screenshot({ path: shotPath('store-picker') })

  await page.keyboard.press('Escape')
  await expect(picker(page)).toHaveCount(0)
  await expect(page.locator('body')).not.toHaveClass(/no-scroll/)
  await expect(page.getByTestId('product-pickup').getByTestId('pickup-open')).toBeFocused()
  // The postal code typed in the picker is now the delivery estimate's.
  await expect(page.getByTestId('delivery-postal-code')).toHaveText('Stima per il CAP 16121')

  await openPicker(page, 'product-pickup')
  await searchPostalCode(page, '16121')
  const pickupText = (await options.first().getByTestId('store-pickup').textContent())!.replace('Ritira in negozio: ', '')
  await options.first().getByTestId('store-choose').click()
  await expect(picker(page)).toHaveCount(0)
  await expect(page.getByTestId('product-pickup').getByTestId('pickup-chosen')).toContainText('Zampa Amica Genova')
  await expect(page.getByTestId('product-pickup').getByTestId('pickup-time')).toHaveText(pickupText)
  await page.screenshot({ path: shotPath('product-pickup'), fullPage: false })

  // The store-info modal: address, hours per weekday, pickup times, a maps link.
  const infoOpener = page.getByTestId('product-pickup').getByTestId('pickup-info')
  await infoOpener.click()
  const info = page.getByTestId('store-info')
  await expect(info).toContainText('Zampa Amica Genova')
  await expect(info.getByTestId('store-info-address')).toContainText('Via XX Settembre 120, 16121 Genova')
  await expect(info.getByTestId('store-info-hours').locator('tr')).toHaveCount(7)
  await expect(info.getByTestId('store-info-hours').locator('tr[aria-current="date"]')).toHaveCount(1)
  await expect(info.getByTestId('store-info-pickup')).toHaveText(`Il tuo ordine: ${pickupText}`)
  await expect(info.getByTestId('store-info-map')).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=/)
  await expectAccessible(page, '[data-testid="store-info"]')
  await page.screenshot({ path: shotPath('store-info') })
  await expectModal(page, 'store-info')
  await expectClosedByEscape(page, 'store-info', infoOpener)

  // The add-to-cart modal confirms the product, the quantity and the pickup store.
  const buy = page.getByTestId('buy-button')
  await buy.click()
  const added = page.getByTestId('added-to-cart-modal')
  await expect(added.getByTestId('added-to-cart-product')).toHaveAttribute('data-sku', variant.sku)
  await expect(added).toContainText(product.name)
  await expect(added.getByTestId('added-to-cart-quantity')).toHaveText('Quantità: 1')
  await expect(added.getByTestId('added-to-cart-delivery')).toHaveText(`Ritiro presso Zampa Amica Genova: ${pickupText}`)
  await expectAccessible(page, '[data-testid="added-to-cart-modal"]')
  await page.screenshot({ path: shotPath('added-to-cart') })
  await expectModal(page, 'added-to-cart-modal')
  await expectClosedByEscape(page, 'added-to-cart-modal', buy)
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

  // Back to home delivery: the product page forgets the store and the order form loses its pickup point.
  await page.goto(`/${product.slug}/p`)
  await page.getByTestId('product-pickup').getByTestId('pickup-remove').click()
  await expect(page.getByTestId('product-pickup').getByTestId('pickup-chosen')).toHaveCount(0)
  await expect(page.getByTestId('product-pickup')).toContainText('Scegli il negozio dove ritirare il tuo ordine')
  await expect
    .poll(async () => (await (await page.request.get(`${e2ePlatformUrl}/checkout?orderFormId=${id}`)).text()).includes('Ritiro in negozio'))
    .toBe(false)
  await page.goto(`${e2ePlatformUrl}/checkout?orderFormId=${id}`)
  await expect(page.getByTestId('checkout-line').first()).toBeVisible()
  await expect(page.getByText('Ritiro in negozio')).toHaveCount(0)
})

test('the progressive-info modal explains the product’s price tiers', async ({ page }) => {
  const tiered = (await catalog()).find((p) => p.priceTiers.length > 0 && p.variants[0]!.lowPrice > 0 && p.minQuantity === 1)!
  await page.goto(`/${tiered.slug}/p`)
  await expect(page.getByTestId('buy-button')).toBeEnabled()
  const opener = page.getByTestId('tier-info-open')
  await opener.click()
  const info = page.getByTestId('tier-info')
  const tableRows = await page.getByTestId('tier-row').count()
  // One row below the first tier at the catalog price, then one per tier.
  await expect(info.getByTestId('tier-info-row')).toHaveCount(tableRows + 1)
  await expect(info.getByTestId('tier-info-row').first()).toContainText('Da 1 a')
  await expect(info.getByTestId('tier-info-example')).toContainText('Esempio:')
  await expectAccessible(page, '[data-testid="tier-info"]')
  await page.screenshot({ path: shotPath('tier-info') })
  await expectModal(page, 'tier-info')
  await expectClosedByEscape(page, 'tier-info', opener)
})

test.describe('with the browser’s position', () => {
  test.use({ geolocation: { latitude: 41.9028, longitude: 12.4964 }, permissions: ['geolocation'] })

  test('geolocation granted: the stores nearest Rome come first', oneWidth, async ({ page }) => {
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

test('the favourite store survives logout and login', oneWidth, async ({ page }) => {
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

  // Logged out the store's way (/logout and its 'Esci'): this browser's shopper state cleared, the platform session ended, back as a guest.
  await logOutThroughStore(page)
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
