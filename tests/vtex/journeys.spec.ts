/**
 * The storefront built and served on VTEX (scripts/vtex-sandbox.ts): what a
 * shopper sees comes from the simulated VTEX account, and the cart is a VTEX
 * order form. The expected figures are read from the simulator's seed and its
 * order forms, never from the storefront's own answers.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { filesHoldingSecrets } from '../../releases/secrets'
import { vtexSeed } from '../../src/commerce/vtex/testing/seed'
import { SIMULATOR_ACCOUNT, SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN } from '../../src/commerce/vtex/testing/simulator'
import { vtexSandboxDir, vtexSandboxLog, vtexSeedProducts, vtexSimulatorUrl, vtexSiteUrl } from './env'

const seed = vtexSeed(vtexSeedProducts)
const listed = seed.products.filter((p) => p.listed)
const euros = (cents: number) => `€ ${(cents / 100).toFixed(2).replace('.', ',')}`
const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

async function listingReady(page: Page) {
  await expect(page.getByTestId('listing')).toHaveAttribute('data-hydrated', 'true')
  await expect(page.getByTestId('listing')).toHaveAttribute('aria-busy', 'false')
}

/** The browser keeps VTEX's order-form cookies under `__Host-`; the Functions give them to VTEX under VTEX's names. */
const BROWSER_NAMES: Record<string, string> = { '__Host-checkout.vtex.com': 'checkout.vtex.com', '__Host-CheckoutOrderFormOwnership': 'CheckoutOrderFormOwnership' }

/** The order form as VTEX's Checkout answers it to this browser (its ownership cookie, as the Functions pass it on). */
async function vtexOrderForm(context: BrowserContext, orderFormId: string) {
  const cookie = (await context.cookies()).filter((c) => c.name in BROWSER_NAMES).map((c) => `${BROWSER_NAMES[c.name]}=${c.value}`).join('; ')
  const answer = await fetch(`${vtexSimulatorUrl}/api/checkout/pub/orderForm/${orderFormId}`, { headers: { cookie, accept: 'application/json', 'content-type': 'application/json' } })
  expect(answer.status).toBe(200)
  return (await answer.json()) as {
    orderFormId: string
    items: { id: string; quantity: number; sellingPrice: number; imageUrl?: string; attachments: { name: string; content: Record<string, string> }[] }[]
    shippingData: { selectedAddresses: { addressType: string; addressId: string }[]; logisticsInfo: { selectedDeliveryChannel: string; selectedSla: string }[] } | null
  }
}

/** A page of VTEX's Intelligent Search, asked of the simulator directly. */
async function vtexProductSearch(facets: string, params: Record<string, string>) {
  const query = new URLSearchParams({ locale: 'it-IT', page: '1', count: '24', ...params })
  const answer = await fetch(`${vtexSimulatorUrl}/api/io/_v/api/intelligent-search/product_search/${facets}?${query}`, { headers: { accept: 'application/json' } })
  expect(answer.status).toBe(200)
  return (await answer.json()) as { products: { productId: string }[]; recordsFiltered: number }
}

const cardIds = (page: Page) => page.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id')))

/**
 * The order form id VTEX issued to this browser (`checkout.vtex.com=__ofid=…`), which the browser keeps as a
 * `__Host-` cookie: Secure, host-only, for every path. Chromium keeps Secure cookies from http://127.0.0.1 too.
 */
async function issuedOrderFormId(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies()
  expect(cookies.map((c) => c.name)).not.toContain('checkout.vtex.com')
  const cookie = cookies.find((c) => c.name === '__Host-checkout.vtex.com')
  expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', domain: '127.0.0.1', sameSite: 'Lax' })
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
  const response = await page.goto(`/${multi.slug}/p`)
  await expect(page.getByTestId('product-name')).toHaveText(multi.name)
  // Its pictures are asked of VTEX's resizer at each width, by the path, over https, and the page lets them in.
  const srcset = (await page.getByTestId('gallery').locator('img').first().getAttribute('srcset')) ?? ''
  const sources = srcset.split(',').map((entry) => entry.trim().split(/\s+/)[0]!)
  expect(sources.length).toBeGreaterThan(1)
  for (const source of sources) expect(source).toMatch(new RegExp(`^https://${SIMULATOR_ACCOUNT}\\.vtexassets\\.com/arquivos/ids/\\d+-(\\d+)-\\1/image\\.jpg\\?v=\\d+$`))
  expect(response!.headers()['content-security-policy']).toMatch(new RegExp(`img-src [^;]*https://${SIMULATOR_ACCOUNT}\\.vtexassets\\.com`))
  await expect(page.getByTestId('buy-button')).toBeEnabled()
  await expect(page.getByTestId('product-price')).toHaveText(euros(first.priceCents))
  await page.getByTestId('variant-option').nth(1).click()
  await expect(page.getByTestId('variant-option').nth(1)).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('product-price')).toHaveText(euros(second.priceCents))
  await expect(page.getByTestId('buy-button')).toHaveAttribute('data-sku', second.sku)
})

/** A sku's fixed prices on trade policy 1, as VTEX's Pricing API answers them to the app key. */
async function vtexFixedPrices(sku: string) {
  const answer = await fetch(`${vtexSimulatorUrl}/pricing/prices/${sku}/fixed/1`, {
    headers: { accept: 'application/json', 'content-type': 'application/json', 'x-vtex-api-appkey': SIMULATOR_APP_KEY, 'x-vtex-api-apptoken': SIMULATOR_APP_TOKEN },
  })
  expect(answer.status).toBe(200)
  return (await answer.json()) as { value: number; minQuantity: number; dateRange?: unknown }[]
}

test('a product page shows the price tiers VTEX’s Pricing keeps, and the order form charges the tier the quantity reaches', async ({ page, context }) => {
  const tiered = listed.find((p) => p.priceTiers.length > 0 && p.minQuantity === 1 && p.variants[0]!.lowPriceCents > 0 && p.variants[0]!.maxQuantity >= 6)!
  const sku = tiered.variants[0]!.sku
  const fromThree = (await vtexFixedPrices(sku)).find((f) => f.minQuantity === 3 && !f.dateRange)!
  const tierCents = Math.round(fromThree.value * 100)
  expect(tierCents).toBeLessThan(tiered.variants[0]!.priceCents)
  await page.goto(`/${tiered.slug}/p`)
  const buy = page.getByTestId('buy-button')
  await expect(buy).toBeEnabled()
  await expect(buy).toHaveAttribute('data-sku', sku)
  const rows = page.getByTestId('tier-row')
  await expect(rows.first()).toContainText('Da 3 pezzi')
  await expect(rows.first().getByTestId('tier-value')).toContainText(euros(tierCents))
  await expect(page.getByTestId('product-price')).toHaveText(euros(tiered.variants[0]!.priceCents))
  // Each tap once the one before shows, as a shopper does: taps on one control before the buy box hydrates
  // are replayed once (src/sdk/core/earlyTaps.ts), and this page may still be starting.
  await page.getByTestId('quantity-increase').click()
  await expect(page.getByTestId('quantity-value')).toHaveText('2')
  await page.getByTestId('quantity-increase').click()
  await expect(page.getByTestId('quantity-value')).toHaveText('3')
  await expect(page.getByTestId('product-price')).toHaveText(euros(tierCents))
  await buy.click()
  await page.getByTestId('added-to-cart-go-to-cart').click()
  const line = page.getByTestId('minicart').locator(`[data-testid="minicart-line"][data-sku="${sku}"]`)
  await expect(line.getByRole('status', { name: 'Quantità' })).toHaveText('3')
  const orderFormId = await issuedOrderFormId(context)
  await expect.poll(async () => (await vtexOrderForm(context, orderFormId)).items.map((i) => [i.id, i.quantity, i.sellingPrice])).toEqual([[sku, 3, tierCents]])
  await expect(line.getByTestId('minicart-line-price')).toHaveText(euros(tierCents))
})

test('add to cart: the minicart shows the line at VTEX’s price, and a quantity change and the removal reach the VTEX order form', async ({ page, context }) => {
  const { line } = await addToCart(page)
  await expect(line).toContainText(cartProduct.name)
  const orderFormId = await issuedOrderFormId(context)
  let form = await vtexOrderForm(context, orderFormId)
  expect(form.items).toEqual([expect.objectContaining({ id: cartVariant.sku, quantity: 1 })])
  await expect(line.getByTestId('minicart-line-price')).toHaveText(euros(form.items[0]!.sellingPrice))
  await expect(line.getByTestId('minicart-line-price')).toHaveText(euros(cartVariant.priceCents))
  // Checkout's 55×55 http thumbnail becomes the picture at the minicart's size, over https.
  expect(form.items[0]!.imageUrl).toMatch(/^http:\/\/.*-55-55\//)
  await expect(line.locator('img')).toHaveAttribute('src', new RegExp(`^https://${SIMULATOR_ACCOUNT}\\.vteximg\\.com\\.br/arquivos/ids/\\d+-55-55/image\\.jpg\\?v=\\d+$`))

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

test('a category page’s sort orders the products as VTEX sorts them, cheapest first', async ({ page }) => {
  await page.goto('/cane')
  await listingReady(page)
  const relevance = await cardIds(page)
  await page.getByTestId('sort-select').selectOption('price_asc')
  await expect(page).toHaveURL(/sort=price_asc/)
  await listingReady(page)
  const cheapestFirst = await vtexProductSearch('trade-policy/1/category-1/cane', { sort: 'price:asc' })
  expect(cheapestFirst.products.length).toBeGreaterThan(1)
  await expect.poll(() => cardIds(page)).toEqual(cheapestFirst.products.map((p) => p.productId))
  // The sort changed the order, and the seed's prices agree it is cheapest first.
  expect(await cardIds(page)).not.toEqual(relevance)
  const lowest = (id: string | null) => Math.min(...listed.find((p) => p.id === id)!.variants.map((v) => v.priceCents))
  const prices = (await cardIds(page)).map(lowest)
  expect(prices).toEqual([...prices].sort((a, b) => a - b))
})

test('a subscription line: the product bought on subscription reaches the VTEX order form with its vtex.subscription attachment', async ({ page, context }) => {
  const subscribable = listed.find((p) => p.subscriptionFrequencies?.length && p.variants[0]!.lowPriceCents >= 899 && p.variants[0]!.maxQuantity >= 1)!
  expect(subscribable).toBeDefined()
  const [frequency] = subscribable.subscriptionFrequencies!
  await page.goto(`/${subscribable.slug}/p`)
  const buy = page.getByTestId('buy-button')
  await expect(buy).toBeEnabled()
  const sku = await buy.getAttribute('data-sku')
  // A tap, not check(): while the buy box's island is still loading, the tap is kept and applied once it has hydrated.
  await page.getByTestId('subscription-option').click()
  await expect(page.getByTestId('subscription-option')).toBeChecked()
  await expect(page.getByTestId('subscription-frequency')).toHaveValue(frequency!)
  await buy.click()
  await expect(page.getByTestId('added-to-cart-go-to-cart')).toBeVisible()
  const orderFormId = await issuedOrderFormId(context)
  await expect.poll(async () => (await vtexOrderForm(context, orderFormId)).items).toEqual([
    expect.objectContaining({ id: sku, quantity: 1, attachments: [{ name: 'vtex.subscription.frequenza', content: { 'vtex.subscription.key.frequency': frequency } }] }),
  ])
})

test('login hands off to the store’s secure domain, coming back to the page the shopper was on', async ({ page }) => {
  await page.goto('/cane')
  await listingReady(page)
  await page.getByTestId('account-button').click()
  await page.getByTestId('account-login').click()
  // The storefront's /api/account/login redirects there; nothing answers on the simulated secure domain's
  // /login, and a route would not see a redirected request: the address the browser lands on is what is checked.
  await page.waitForURL((address) => `${address.origin}${address.pathname}` === `${vtexSimulatorUrl}/login`)
  const url = new URL(page.url())
  // Back through the storefront, which binds VTEX ID's cookie to its own host, then to the page.
  const back = new URL(url.searchParams.get('returnUrl')!)
  expect(`${back.origin}${back.pathname}`).toBe(`${vtexSiteUrl}/api/account/loginReturn`)
  expect(back.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/)
  expect(back.searchParams.get('returnUrl')).toBe(`${vtexSiteUrl}/cane`)
})

test('logout posts to VTEX ID’s logout on the store’s domain, with the account as scope and the storefront as returnUrl', async ({ page }) => {
  const sent: { url: string; method: string }[] = []
  await page.route(`${vtexSimulatorUrl}/api/vtexid/pub/logout**`, (route) => {
    sent.push({ url: route.request().url(), method: route.request().method() })
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>logged out</p>' })
  })
  await page.goto('/logout')
  await page.getByTestId('logout-button').click()
  await expect.poll(() => sent.length).toBe(1)
  expect(sent[0]!.method).toBe('POST')
  const url = new URL(sent[0]!.url)
  expect(`${url.origin}${url.pathname}`).toBe(`${vtexSimulatorUrl}/api/vtexid/pub/logout`)
  expect(url.searchParams.get('scope')).toBe(SIMULATOR_ACCOUNT)
  expect(url.searchParams.get('returnUrl')).toBe(`${vtexSiteUrl}/`)
})

test('choosing a pickup store in the minicart puts that pickup point on the VTEX order form', async ({ page, context }) => {
  const { minicart } = await addToCart(page)
  const orderFormId = await issuedOrderFormId(context)
  expect((await vtexOrderForm(context, orderFormId)).shippingData?.selectedAddresses ?? []).not.toContainEqual(expect.objectContaining({ addressType: 'pickup' }))
  await minicart.getByTestId('minicart-pickup').getByTestId('pickup-open').click()
  const picker = page.getByTestId('store-picker')
  await expect(picker).toBeVisible()
  await picker.getByTestId('store-search-input').fill('16121')
  await picker.getByTestId('store-search-submit').click()
  const option = picker.getByTestId('store-option').first()
  await expect(option).toBeVisible()
  const storeId = (await option.getAttribute('data-store-id'))!
  const store = seed.stores.find((s) => s.id === storeId)
  expect(store).toBeDefined()
  await option.getByTestId('store-choose').click()
  await expect(picker).toHaveCount(0)
  // The minicart gives way to the picker; the page shows the store now chosen.
  await expect(page.getByTestId('product-pickup').getByTestId('pickup-chosen')).toContainText(store!.name)
  await expect.poll(async () => (await vtexOrderForm(context, orderFormId)).shippingData?.selectedAddresses).toContainEqual(expect.objectContaining({ addressType: 'pickup', addressId: storeId }))
  const { shippingData } = await vtexOrderForm(context, orderFormId)
  expect(shippingData!.logisticsInfo).toEqual([expect.objectContaining({ selectedDeliveryChannel: 'pickup-in-point', selectedSla: storeId })])
})

test('a full journey: the app token is in no answer the browser receives, and in no line the servers log', async ({ page, context }) => {
  const bodies: { url: string; text: string }[] = []
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    pending.push(
      (async () => {
        const headers = JSON.stringify(await response.allHeaders())
        // A redirect or an aborted load has no body to read; its headers are still checked.
        const body = await response.body().then((b) => b.toString('latin1'), () => '')
        bodies.push({ url: response.url(), text: `${headers}\n${body}` })
      })(),
    )
  })
  await page.goto('/cane')
  await listingReady(page)
  const box = page.getByTestId('search-box').filter({ visible: true }).first()
  await expect(box).toHaveAttribute('data-hydrated', 'true')
  await box.getByTestId('search-input').click()
  await box.getByTestId('search-input').pressSequentially('crocch', { delay: 30 })
  await expect(box.getByTestId('search-suggestion-term').first()).toBeVisible()
  const { line, minicart } = await addToCart(page)
  await line.getByRole('button', { name: 'Aumenta la quantità' }).click()
  await expect(line.getByRole('status', { name: 'Quantità' })).toHaveText('2')
  await expect(line).toHaveAttribute('aria-busy', 'false')
  await minicart.getByTestId('minicart-pickup').getByTestId('pickup-open').click()
  const picker = page.getByTestId('store-picker')
  await picker.getByTestId('store-search-input').fill('16121')
  await picker.getByTestId('store-search-submit').click()
  await picker.getByTestId('store-option').first().getByTestId('store-choose').click()
  await expect(picker).toHaveCount(0)
  const orderFormId = await issuedOrderFormId(context)
  await expect.poll(async () => (await vtexOrderForm(context, orderFormId)).shippingData?.selectedAddresses?.length ?? 0).toBeGreaterThan(0)
  await Promise.all(pending)

  // The journey called the Functions that call VTEX with the app key and token.
  expect(bodies.filter((b) => new URL(b.url).pathname.startsWith('/api/')).length).toBeGreaterThan(3)
  expect(bodies.filter((b) => b.text.includes(SIMULATOR_APP_TOKEN) || b.text.includes(SIMULATOR_APP_KEY)).map((b) => b.url)).toEqual([])
  // What the sandbox and the servers it started printed, the Functions' log lines among them.
  const log = readFileSync(vtexSandboxLog, 'utf8')
  expect(log).toContain('VTEX simulator:')
  expect(log).not.toContain(SIMULATOR_APP_TOKEN)
  expect(log).not.toContain(SIMULATOR_APP_KEY)
})
