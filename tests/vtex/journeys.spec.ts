/**
 * The storefront built and served on VTEX (scripts/vtex-sandbox.ts): what a
 * shopper sees comes from the simulated VTEX account, and the cart is a VTEX
 * order form. The expected figures are read from the simulator's seed and its
 * order forms, never from the storefront's own answers.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { filesHoldingSecrets } from '../../serve/secrets'
import { vtexSeed } from '../../src/commerce/vtex/testing/seed'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN } from '../../src/commerce/vtex/testing/simulator'
import { vtexSandboxDir, vtexSeedProducts, vtexSimulatorUrl } from './env'

const seed = vtexSeed(vtexSeedProducts)
const listed = seed.products.filter((p) => p.listed)
const euros = (cents: number) => `€ ${(cents / 100).toFixed(2).replace('.', ',')}`
const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

async function listingReady(page: Page) {
  await expect(page.getByTestId('listing')).toHaveAttribute('data-hydrated', 'true')
  await expect(page.getByTestId('listing')).toHaveAttribute('aria-busy', 'false')
}

/** The order form as VTEX's Checkout answers it to this browser (its ownership cookie, as the Functions pass it on). */
async function vtexOrderForm(context: BrowserContext, orderFormId: string) {
  const cookie = (await context.cookies()).filter((c) => c.name === 'CheckoutOrderFormOwnership' || c.name === 'checkout.vtex.com').map((c) => `${c.name}=${c.value}`).join('; ')
  const answer = await fetch(`${vtexSimulatorUrl}/api/checkout/pub/orderForm/${orderFormId}`, { headers: { cookie, accept: 'application/json', 'content-type': 'application/json' } })
  expect(answer.status).toBe(200)
  return (await answer.json()) as { orderFormId: string; items: { id: string; quantity: number; sellingPrice: number }[] }
}

/** The order form id VTEX issued to this browser (`checkout.vtex.com=__ofid=…`). */
async function issuedOrderFormId(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'checkout.vtex.com')
  expect(cookie).toBeDefined()
  return /__ofid=([0-9a-f]+)/.exec(decodeURIComponent(cookie!.value))![1]!
}

// A product above the minimum order, in stock, three to a cart at least: its first variant is the one a product page offers.
const cartProduct = listed.find((p) => p.variants[0]!.lowPriceCents >= 899 && p.variants[0]!.maxQuantity >= 3)!
const cartVariant = cartProduct.variants[0]!

async function addToCart(page: Page) {
  await page.goto(`/${cartProduct.slug}/p`)
  const buy = page.getByTestId('buy-button')
  await expect(buy).toBeEnabled()
  await expect(buy).toHaveAttribute('data-sku', cartVariant.sku)
  await buy.click()
  await page.getByTestId('added-to-cart-go-to-cart').click()
  const minicart = page.getByTestId('minicart')
  await expect(minicart).toBeVisible()
  return { minicart, line: minicart.locator(`[data-testid="minicart-line"][data-sku="${cartVariant.sku}"]`) }
}

test('a category page lists the products VTEX sells in it', async ({ page }) => {
  const cane = seed.categories.find((c) => c.parentId === null && c.name === 'Cane')!
  const inCane = listed.filter((p) => p.category.pathIds.includes(cane.id))
  expect(inCane.length).toBeGreaterThan(0)
  await page.goto('/cane')
  await listingReady(page)
  await expect(page.getByTestId('category-title')).toHaveText('Cane')
  await expect(page.getByTestId('results-count')).toHaveText(`${inCane.length} prodotti`)
  const shown = await page.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id')))
  expect(shown.length).toBe(Math.min(24, inCane.length))
  expect(inCane.map((p) => p.id)).toEqual(expect.arrayContaining(shown))
})

test('search from the box: VTEX suggests, the results page lists the matches and a facet narrows them', async ({ page }) => {
  const matches = listed.filter((p) => p.name.toLowerCase().includes('crocchette'))
  expect(matches.length).toBeGreaterThan(1)
  await page.goto('/')
  const box = page.getByTestId('search-box').filter({ visible: true }).first()
  await expect(box).toHaveAttribute('data-hydrated', 'true')
  const input = box.getByTestId('search-input')
  await input.click()
  await input.pressSequentially('crocch', { delay: 30 })
  const dropdown = box.getByTestId('search-dropdown')
  await expect(dropdown.getByTestId('search-suggestion-term').first()).toContainText('crocchette')
  await input.fill('crocchette')
  await input.press('Enter')
  await expect(page).toHaveURL(/\/s\?q=crocchette$/)
  await expect(page.getByTestId('search-title')).toHaveText('Risultati per «crocchette»')
  await listingReady(page)
  const total = count(await page.getByTestId('results-count').textContent())
  expect(total).toBe(matches.length)

  // A facet value (not a category) that keeps some of the matches but not all.
  const choice = await page.locator('aside [data-testid="facet"]:not([data-facet-key^="category"]) [data-testid="facet-value"]').evaluateAll((inputs, all) => {
    for (const input of inputs) {
      const n = Number(/\((\d+)\)/.exec(input.parentElement?.textContent ?? '')?.[1] ?? 0)
      const key = input.closest('[data-facet-key]')?.getAttribute('data-facet-key')
      if (n > 0 && n < all && key && input.checkVisibility()) return { key, value: input.getAttribute('data-value')!, n }
    }
    return null
  }, total)
  expect(choice).not.toBeNull()
  await page.locator(`aside [data-facet-key="${choice!.key}"] [data-testid="facet-value"][data-value="${choice!.value}"]`).check()
  await expect(page).toHaveURL((url) => url.searchParams.getAll(choice!.key).includes(choice!.value) && url.searchParams.get('q') === 'crocchette')
  await listingReady(page)
  await expect(page.getByTestId('results-count')).toHaveText(new RegExp(`^${choice!.n} prodott[oi]$`))
  await expect(page.getByTestId('product-card')).toHaveCount(Math.min(24, choice!.n))
  await expect(page.getByTestId('selected-chip')).toHaveCount(1)
})

test('a product page shows VTEX’s price for each variant', async ({ page }) => {
  // Two variants on sale at different prices, so the price shown can only be the chosen variant's.
  const multi = listed.find(({ variants: [a, b] }) => a && b && a.lowPriceCents > 0 && b.lowPriceCents > 0 && a.priceCents !== b.priceCents)!
  const [first, second] = multi.variants as [typeof cartVariant, typeof cartVariant]
  await page.goto(`/${multi.slug}/p`)
  await expect(page.getByTestId('product-name')).toHaveText(multi.name)
  await expect(page.getByTestId('buy-button')).toBeEnabled()
  await expect(page.getByTestId('product-price')).toHaveText(euros(first.priceCents))
  await page.getByTestId('variant-option').nth(1).click()
  await expect(page.getByTestId('variant-option').nth(1)).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('product-price')).toHaveText(euros(second.priceCents))
  await expect(page.getByTestId('buy-button')).toHaveAttribute('data-sku', second.sku)
})

test('add to cart: the minicart shows the line at VTEX’s price, and a quantity change and the removal reach the VTEX order form', async ({ page, context }) => {
  const { line } = await addToCart(page)
  await expect(line).toContainText(cartProduct.name)
  const orderFormId = await issuedOrderFormId(context)
  let form = await vtexOrderForm(context, orderFormId)
  expect(form.items).toEqual([expect.objectContaining({ id: cartVariant.sku, quantity: 1 })])
  await expect(line.getByTestId('minicart-line-price')).toHaveText(euros(form.items[0]!.sellingPrice))
  await expect(line.getByTestId('minicart-line-price')).toHaveText(euros(cartVariant.priceCents))

  await line.getByRole('button', { name: 'Aumenta la quantità' }).click()
  await expect(line.getByRole('status', { name: 'Quantità' })).toHaveText('2')
  await expect(line).toHaveAttribute('aria-busy', 'false')
  await expect.poll(async () => (form = await vtexOrderForm(context, orderFormId)).items[0]?.quantity).toBe(2)
  await expect(page.getByTestId('minicart-total')).toHaveText(euros(2 * form.items[0]!.sellingPrice))

  await line.getByTestId('minicart-line-remove').click()
  await expect(line).toHaveCount(0)
  await expect.poll(async () => (await vtexOrderForm(context, orderFormId)).items).toEqual([])
})

test('the checkout button hands off to the VTEX order form on the store’s secure domain', async ({ page, context }) => {
  const { minicart } = await addToCart(page)
  const checkout = minicart.getByTestId('checkout-button')
  await expect(checkout).toHaveText('Vai alla cassa')
  const orderFormId = await issuedOrderFormId(context)
  expect((await vtexOrderForm(context, orderFormId)).orderFormId).toBe(orderFormId)
  await expect(checkout).toHaveAttribute('href', `${vtexSimulatorUrl}/checkout/?orderFormId=${orderFormId}#/orderform`)
})

test('the built site the browser is sent holds neither the app key nor the token', async ({ page }) => {
  const publicDir = path.join(vtexSandboxDir, 'public')
  // The build this suite shops: its pages, scripts and page data, every product's among them.
  expect(readdirSync(publicDir, { recursive: true }).length).toBeGreaterThan(listed.length)
  expect(filesHoldingSecrets(publicDir, { VTEX_APP_KEY: SIMULATOR_APP_KEY, VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN })).toEqual([])
  // And what the server renders and answers on a visit.
  await page.goto(`/${cartProduct.slug}/p`)
  const html = await page.content()
  expect(html).toContain(cartProduct.name)
  expect(html).not.toContain(SIMULATOR_APP_KEY)
  expect(html).not.toContain(SIMULATOR_APP_TOKEN)
})
