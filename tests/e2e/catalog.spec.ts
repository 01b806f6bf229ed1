/**
 * Catalog journeys: a category listing whose URL is its state, the search
 * box with suggestions and history, a product page through to
 * /added-to-cart, a deferred product page rendered on its first request, and
 * the pages that render without the frame.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { e2ePrebuiltProducts } from './support/env'
import { oneWidth } from './support/widths'

const platform = `http://127.0.0.1:${process.env.E2E_PLATFORM_PORT ?? 9400}`
const euros = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'))
const isPhone = () => test.info().project.name === 'phone'

async function shot(page: Page, name: string, fullPage = false) {
  await page.screenshot({ path: `test-results/screens/${test.info().project.name}-catalog-${name}.png`, fullPage })
}

interface WireProduct {
  slug: string
  name: string
  priceTiers: { minQuantity: number; value: number }[]
  tierExtraDiscount: boolean
  minQuantity: number
  variants: { sku: string; price: number; lowPrice: number; maxQuantity: number }[]
}

async function catalog(): Promise<WireProduct[]> {
  const response = await fetch(`${platform}/api/catalog/search?pageSize=300`)
  return ((await response.json()) as { products: WireProduct[] }).products
}

async function listingReady(page: Page) {
  await expect(page.getByTestId('listing')).toHaveAttribute('data-hydrated', 'true')
  await expect(page.getByTestId('listing')).toHaveAttribute('aria-busy', 'false')
}

async function openFilters(page: Page) {
  if (!isPhone()) return
  await page.getByTestId('filter-button').click()
  await expect(page.getByTestId('filter-modal')).toBeVisible()
  await expect(page.locator('body')).toHaveClass(/no-scroll/)
}

async function closeFilters(page: Page) {
  if (!isPhone()) return
  await page.getByTestId('filter-apply').click()
  await expect(page.getByTestId('filter-modal')).toHaveCount(0)
  await expect(page.locator('body')).not.toHaveClass(/no-scroll/)
}

const facetScope = (page: Page) => (isPhone() ? page.getByTestId('filter-modal') : page.locator('aside'))
const firstCardId = (page: Page) => page.getByTestId('product-card').first().getAttribute('data-product-id')
/** The first product of the search Function's answer for the page's URL: what its grid shows once it has caught up. */
const firstOfAnswer = async (page: Page) =>
  ((await (await page.request.get(`/api/search/results${new URL(page.url()).search}`)).json()) as { products: { id: string }[] }).products[0]!.id

test('category → facet → sort → page 2: the URL is the state, a fresh load restores it and back walks it back', async ({ page }) => {
  await page.goto('/cane')
  await listingReady(page)
  await expect(page.getByTestId('category-title')).toHaveText('Cane')
  const total = euros(await page.getByTestId('results-count').textContent())
  expect(total).toBeGreaterThan(24)
  await expect(page.getByTestId('breadcrumbs')).toContainText('Cane')
  // The pictures come from the platform, another origin: they must load, not show their alt text.
  const firstPicture = page.getByTestId('product-card').first().locator('img').first()
  await expect.poll(() => firstPicture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
  await shot(page, 'category')

  // A facet value (not a category) that still leaves more than one page of products.
  await openFilters(page)
  const scope = facetScope(page)
  const choice = await scope.locator('[data-testid="facet"]:not([data-facet-key^="category"]) [data-testid="facet-value"]').evaluateAll((inputs) => {
    for (const input of inputs) {
      const count = Number(/\((\d+)\)/.exec(input.parentElement?.textContent ?? '')?.[1] ?? 0)
      const key = input.closest('[data-facet-key]')?.getAttribute('data-facet-key')
      if (count > 24 && count < 105 && key && input.checkVisibility()) return { key, value: input.getAttribute('data-value')!, count }
    }
    return null
  })
  expect(choice).not.toBeNull()
  const { key, value, count } = choice!
  await scope.locator(`[data-facet-key="${key}"] [data-testid="facet-value"][data-value="${value}"]`).check()
  await expect(page).toHaveURL((url) => url.searchParams.getAll(key).includes(value) && url.searchParams.get('facets') === `category-1,${key}`)
  await expect(page).toHaveURL(/category-1=cane/)
  await listingReady(page)
  if (isPhone()) await shot(page, 'filter-modal')
  await closeFilters(page)
  await expect(page.getByTestId('results-count')).toHaveText(`${count} prodotti`)
  await expect(page.getByTestId('selected-chip')).toHaveCount(1)

  await page.getByTestId('sort-select').selectOption('price_asc')
  await expect(page).toHaveURL(/sort=price_asc/)
  await expect(page).toHaveURL(/page=0/)
  await listingReady(page)
  await expect(page.getByTestId('product-card')).toHaveCount(24)
  // The grid shows the search Function's answer for this URL, cheapest first.
  const answer = (await (await page.request.get(`/api/search/results${new URL(page.url()).search}`)).json()) as { products: { id: string; hasVariant: { offers: { price: number } }[] }[] }
  const cheapest = answer.products.map((p) => Math.min(...p.hasVariant.map((v) => v.offers.price)))
  expect(cheapest).toEqual([...cheapest].sort((a, b) => a - b))
  expect(await page.getByTestId('product-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id')))).toEqual(answer.products.map((p) => p.id))

  await page.getByTestId('page-next').click()
  await expect(page).toHaveURL(/page=1/)
  await listingReady(page)
  await expect(page.getByTestId('page-link').and(page.locator('[aria-current="page"]'))).toHaveText('2')
  // The listing reads "not busy" for a moment between the URL's change and its request: the grid is read once
  // it shows the answer for the URL.
  const secondPageFirst = await firstOfAnswer(page)
  await expect.poll(() => firstCardId(page)).toBe(secondPageFirst)
  const shared = page.url()

  // A shared link opens the same view.
  const other = await page.context().newPage()
  await other.goto(shared)
  await listingReady(other)
  await expect(other.getByTestId('sort-select')).toHaveValue('price_asc')
  await expect(other.getByTestId('results-count')).toHaveText(`${count} prodotti`)
  await expect(other.getByTestId('page-link').and(other.locator('[aria-current="page"]'))).toHaveText('2')
  await expect.poll(() => firstCardId(other)).toBe(secondPageFirst)
  await other.close()

  // Back walks the states back: page 1, default sort, no facet.
  await page.goBack()
  await expect(page).toHaveURL(/page=0/)
  await listingReady(page)
  await expect(page.getByTestId('sort-select')).toHaveValue('price_asc')
  await page.goBack()
  await expect(page).toHaveURL(/sort=score_desc/)
  await listingReady(page)
  await expect(page.getByTestId('sort-select')).toHaveValue('score_desc')
  await expect(page.getByTestId('results-count')).toHaveText(`${count} prodotti`)
  await page.goBack()
  await expect(page).toHaveURL(/\/cane$/)
  await listingReady(page)
  await expect(page.getByTestId('results-count')).toHaveText(`${total} prodotti`)
  await expect(page.getByTestId('selected-chip')).toHaveCount(0)
})

test('search from the box: suggestions, keyboard choice, results, history and the empty submit', async ({ page }) => {
  await page.goto('/')
  const box = page.getByTestId('search-box').filter({ visible: true }).first()
  await expect(box).toHaveAttribute('data-hydrated', 'true')
  const input = box.getByTestId('search-input')

  await input.click()
  await input.pressSequentially('crocch', { delay: 30 })
  const dropdown = box.getByTestId('search-dropdown')
  await expect(dropdown).toBeVisible()
  await expect(dropdown.getByTestId('search-suggestion-term').first()).toContainText('crocchette')
  await expect(dropdown.getByTestId('search-suggestion-product').first()).toBeVisible()
  await shot(page, 'search-suggestions')

  await input.press('ArrowDown')
  await expect(input).toHaveAttribute('aria-activedescendant', /.+/)
  const chosen = (await dropdown.getByTestId('search-suggestion-term').first().textContent())!.trim()
  await input.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/s\\?q=${encodeURIComponent(chosen).replace(/%20/g, '(%20|\\+)')}$`))
  await expect(page.getByTestId('search-title')).toHaveText(`Risultati per «${chosen}»`)
  await listingReady(page)
  expect(euros(await page.getByTestId('results-count').textContent())).toBeGreaterThan(0)
  await expect(dropdown).toBeHidden()
  const events = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'search'))
  expect(events).toEqual([expect.objectContaining({ search_term: chosen })])

  // A second search by typing; the history then lists both, newest first.
  await input.fill('lettiera')
  await input.press('Enter')
  await expect(page).toHaveURL(/\/s\?q=lettiera$/)
  // Emptying the box shows the recent searches.
  await input.fill('')
  await expect(dropdown.getByTestId('search-history-item')).toHaveText(['lettiera', chosen])
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('main::store::searchHistory') ?? '[]'))).toEqual(['lettiera', chosen])

  // A click outside closes the dropdown; an empty submit goes nowhere.
  await page.mouse.click(5, 700)
  await expect(dropdown).toBeHidden()
  await input.fill('   ')
  await input.press('Enter')
  await expect(page).toHaveURL(/\/s\?q=lettiera$/)

  // A search that finds nothing gets a helpful empty state.
  await page.goto('/s?q=zzqqxx')
  await expect(page.getByTestId('search-empty')).toContainText('Nessun risultato per «zzqqxx»')
  await expect(page.getByTestId('search-empty').getByTestId('category-link').first()).toBeVisible()
})

test('a product page: change the variant, reach a tier price, add to cart, see it confirmed in the modal and on /added-to-cart', async ({ page }) => {
  const products = await catalog()
  const multi = products.find((p) => p.variants.length > 1 && p.variants.every((v) => v.lowPrice > 0) && p.variants[0]!.price !== p.variants[1]!.price)!
  await page.goto(`/${multi.slug}/p`)
  await expect(page.getByTestId('buy-button')).toBeEnabled()
  await expect(page.getByTestId('product-price')).toHaveText(`€ ${multi.variants[0]!.price.toFixed(2).replace('.', ',')}`)
  await page.getByTestId('variant-option').nth(1).click()
  await expect(page.getByTestId('variant-option').nth(1)).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('product-price')).toHaveText(`€ ${multi.variants[1]!.price.toFixed(2).replace('.', ',')}`)
  await expect(page.getByTestId('buy-button')).toHaveAttribute('data-sku', multi.variants[1]!.sku)
  await expect(page).toHaveURL(new RegExp(`skuId=${multi.variants[1]!.sku}`))
  await expect(page.getByTestId('gallery').locator('img[src*="/images/"]').first()).toHaveAttribute('src', new RegExp(`/images/${multi.variants[1]!.sku}/`))

  const tiered = products.find((p) => p.priceTiers.length > 0 && p.variants[0]!.lowPrice > 0 && p.variants[0]!.maxQuantity >= 6 && p.minQuantity === 1)!
  const sku = tiered.variants[0]!.sku
  await page.goto(`/${tiered.slug}/p`)
  await expect(page.getByTestId('buy-button')).toBeEnabled()
  const rows = page.getByTestId('tier-row')
  await expect(rows.first()).toContainText('Da 3 pezzi')
  const tierText = (await rows.first().getByTestId('tier-value').textContent())!
  const tierPrice = euros(tierText)
  const expected = Math.round(Math.round(tiered.priceTiers.find((t) => t.minQuantity === 3)!.value * 100) * (tiered.tierExtraDiscount ? 0.95 : 1)) / 100
  expect(tierPrice).toBeCloseTo(expected, 2)
  if (tiered.tierExtraDiscount) await expect(page.getByTestId('tier-extra')).toBeVisible()

  await expect(page.getByTestId('tier-applied')).toHaveCount(0)
  // Each tap once the one before shows, as a shopper does: taps on one control before the buy box hydrates
  // are replayed once (src/sdk/core/earlyTaps.ts).
  await page.getByTestId('quantity-increase').click()
  await expect(page.getByTestId('quantity-value')).toHaveText('2')
  await page.getByTestId('quantity-increase').click()
  await expect(page.getByTestId('quantity-value')).toHaveText('3')
  await expect(page.getByTestId('product-price')).toHaveText(`€ ${tierPrice.toFixed(2).replace('.', ',')}`)
  await expect(page.getByTestId('tier-applied')).toBeVisible()
  await expect(rows.first()).toHaveAttribute('aria-current', 'true')
  await shot(page, 'product', true)

  // SEO: canonical, Open Graph and structured data.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/${tiered.slug}/p$`))
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(tiered.name.slice(0, 20)))
  const types = await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? '{}')['@type']))
  expect(types).toEqual(expect.arrayContaining(['Product', 'BreadcrumbList']))
  await expect(page.locator('body')).toHaveAttribute('data-page-type', 'productDetail')

  await page.getByTestId('buy-button').click()
  const modal = page.getByTestId('added-to-cart-modal')
  await expect(modal.getByTestId('added-to-cart-product')).toHaveAttribute('data-sku', sku)
  await expect(modal).toContainText(tiered.name)
  await expect(modal.getByTestId('added-to-cart-quantity')).toHaveText('Quantità: 3')
  // /added-to-cart (req ROUTE-07) shows the same product, kept in session storage.
  await page.goto(`/added-to-cart?skuId=${sku}`)
  const added = page.getByTestId('added-product')
  await expect(added).toHaveAttribute('data-sku', sku)
  await expect(added).toContainText(tiered.name)
  await expect(added).toContainText('Quantità: 3')
  await page.getByTestId('go-to-cart').click()
  // The cart holds the line, and the platform prices it at the tier price.
  await expect(page.locator(`[data-testid="minicart-line"][data-sku="${sku}"]`)).toBeVisible()
  await expect(page.getByTestId('checkout-button')).toHaveText('Vai alla cassa')
  expect(euros(await page.getByTestId('minicart-total').textContent())).toBeCloseTo(tierPrice * 3, 2)
})

/** The product pages the build deferred, in catalog order: the ones past PREBUILD_PRODUCTS. */
async function deferredProducts(): Promise<WireProduct[]> {
  const response = await fetch(`${platform}/api/catalog/products?page=0&pageSize=500`)
  const items = ((await response.json()) as { items: WireProduct[] }).items.slice(e2ePrebuiltProducts)
  expect(items.length, 'the journeys build with PREBUILD_PRODUCTS below the seed size').toBeGreaterThan(1)
  return items
}

const priceText = (value: number) => `€ ${value.toFixed(2).replace('.', ',')}`
const builtAhead = (slug: string) => existsSync(path.join('public', 'page-data', slug, 'p', 'page-data.json'))

test('a deferred product page is rendered on its first request, hydrates and sells; another is reached by client navigation', async ({ page }) => {
  const deferred = (await deferredProducts()).filter((p) => p.variants.length === 1 && p.variants[0]!.lowPrice > 0 && p.variants[0]!.maxQuantity >= 1 && p.minQuantity === 1)
  const [first, second] = deferred
  expect(second, 'two deferred products with one variant in stock').toBeDefined()
  expect(builtAhead(first!.slug)).toBe(false)
  expect(builtAhead(second!.slug)).toBe(false)

  // The server renders it: the HTML itself names the product and its price.
  const response = await page.goto(`/${first!.slug}/p`)
  expect(response!.status()).toBe(200)
  const html = await response!.text()
  expect(html).toContain(`data-testid="product-name"`)
  expect(html).toContain(priceText(first!.variants[0]!.price))
  await expect(page.getByTestId('product-name')).toHaveText(first!.name)
  await expect(page.getByTestId('product-price')).toHaveText(priceText(first!.variants[0]!.price))
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/${first!.slug}/p$`))
  const buy = page.getByTestId('buy-button')
  await expect(buy).toBeEnabled()
  await expect(buy).toHaveAttribute('data-sku', first!.variants[0]!.sku)
  await shot(page, 'deferred-product', true)

  // Its page data comes from the engines as well.
  const data = await page.request.get(`/page-data/${second!.slug}/p/page-data.json`)
  expect(data.status()).toBe(200)
  expect(((await data.json()) as { result: { data: { product: { name: string } } } }).result.data.product.name).toBe(second!.name)

  // A client-side navigation from search results into another deferred page.
  await page.goto(`/s?q=${encodeURIComponent(second!.name)}`)
  await page.evaluate(() => ((window as unknown as { navigationMarker: string }).navigationMarker = 'same document'))
  const card = page.locator(`a[href="/${second!.slug}/p"]`).first()
  await expect(card).toBeVisible()
  await card.click()
  await expect(page).toHaveURL(new RegExp(`/${second!.slug}/p`))
  await expect(page.getByTestId('product-name')).toHaveText(second!.name)
  await expect(page.getByTestId('product-price')).toHaveText(priceText(second!.variants[0]!.price))
  expect(await page.evaluate(() => (window as unknown as { navigationMarker?: string }).navigationMarker)).toBe('same document')

  await page.getByTestId('buy-button').click()
  await expect(page.getByTestId('added-to-cart-modal')).toContainText(second!.name)
  await page.getByTestId('added-to-cart-go-to-cart').click()
  await expect(page.locator(`[data-testid="minicart-line"][data-sku="${second!.variants[0]!.sku}"]`)).toBeVisible()
})

test('a flyer page and an institutional app page render without the frame; their framed siblings keep it', async ({ page }) => {
  await page.goto('/volantino-mese')
  await expect(page.getByTestId('flyer-title')).toBeVisible()
  await expect(page.getByTestId('flyer')).toHaveAttribute('data-bare', 'true')
  await expect(page.locator('header')).toHaveCount(0)
  await expect(page.locator('footer')).toHaveCount(0)
  await expect(page.getByTestId('cms-product-shelf').first().getByTestId('product-card').first()).toBeVisible()
  await expect(page.locator('body')).toHaveAttribute('data-page-type', 'flyer')
  await shot(page, 'flyer')

  await page.goto('/volantino-settimana')
  await expect(page.getByTestId('flyer')).toHaveAttribute('data-bare', 'false')
  await expect(page.locator('header').first()).toBeVisible()

  await page.goto('/app/chi-siamo')
  await expect(page.getByTestId('app-page')).toBeVisible()
  await expect(page.getByTestId('cms-page-title')).toHaveText('Chi siamo')
  await expect(page.locator('header')).toHaveCount(0)
  await expect(page.locator('footer')).toHaveCount(0)
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await expect(page.locator('body')).toHaveAttribute('data-page-type', 'institutional')

  await page.goto('/chi-siamo')
  await expect(page.locator('header').first()).toBeVisible()
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/chi-siamo$/)

  await page.goto('/prenota-servizi')
  await expect(page.getByTestId('booking-form')).toBeVisible()
  await expect(page.locator('body')).toHaveAttribute('data-page-type', 'serviceBooking')
})

test('a CMS page’s and a flyer’s data is their own entry, so a change to one entry rebuilds that page alone', oneWidth, async ({ request }) => {
  for (const [path, slug] of [
    ['/chi-siamo', 'chi-siamo'],
    ['/app/chi-siamo', 'chi-siamo'],
    ['/volantino-mese', 'volantino-mese'],
  ]) {
    const answer = await request.get(`/page-data${path}/page-data.json`)
    expect(answer.status(), path).toBe(200)
    const { result } = (await answer.json()) as { result: { data: Record<string, { data: { slug: string } }> } }
    expect(Object.keys(result.data), path).toEqual(['cmsEntry'])
    expect(result.data.cmsEntry!.data.slug, path).toBe(slug)
  }
})

test('sitemap.xml and robots.txt are published', oneWidth, async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.status()).toBe(200)
  const xml = await sitemap.text()
  expect(xml).toContain('/cane</loc>')
  expect(xml).toContain('/volantino-mese</loc>')
  expect(xml).not.toContain('/app/chi-siamo</loc>')
  expect(xml).not.toContain('/logout</loc>')
  const robots = await request.get('/robots.txt')
  expect(await robots.text()).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/)
})

test('links are prefetched in batches after 3 s, and never with data-saver on', oneWidth, async ({ browser }) => {
  // A link is queued (Gatsby's ___loader.enqueue) when it comes into view after hydration, and the queue
  // starts 3 s after the first. Both times are read by the page's own clock, the queuing from a wrapper put
  // on the loader as Gatsby installs it and each request from Resource Timing: a loaded machine delays what
  // this process sees of either.
  const visit = async (saveData: boolean, waitMs = 0) => {
    const context = await browser.newContext()
    if (saveData) await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }))
    await context.addInitScript(() => {
      performance.setResourceTimingBufferSize(2000)
      let loader: { enqueue: (path: string) => unknown } | undefined
      Object.defineProperty(window, '___loader', {
        configurable: true,
        get: () => loader,
        set: (value: { enqueue: (path: string) => unknown }) => {
          const enqueue = value.enqueue
          value.enqueue = (path: string) => {
            if (!('__firstQueuedAt' in window)) Object.assign(window, { __firstQueuedAt: performance.now() })
            return enqueue(path)
          }
          loader = value
        },
      })
    })
    const page = await context.newPage()
    const prefetched = () =>
      page.evaluate(() => {
        const queuedAt = (window as unknown as { __firstQueuedAt?: number }).__firstQueuedAt ?? Number.NaN
        return performance
          .getEntriesByType('resource')
          .filter((e) => /\/page-data\/.+\/page-data\.json$/.test(e.name) && !e.name.includes('/page-data/cane/'))
          .map((e) => ({ url: e.name, at: Math.round(e.startTime - queuedAt) }))
      })
    await page.goto('/cane', { waitUntil: 'load' })
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1, { timeout: 15_000 })
    if (saveData) {
      expect(await page.evaluate(() => (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData)).toBe(true)
      await page.waitForTimeout(waitMs)
    } else {
      // The queue starts from the browser's idle callbacks, which a machine running other journeys delays.
      await expect.poll(async () => (await prefetched()).length, { timeout: 30_000 }).toBeGreaterThan(0)
      await page.waitForTimeout(2500)
    }
    const seen = await prefetched()
    await context.close()
    return seen
  }
  const normal = await visit(false)
  // Timers never fire early; the page's clock is coarsened by a few milliseconds at most.
  expect(normal.every((r) => r.at >= 2990), JSON.stringify(normal)).toBe(true)
  expect(new Set(normal.filter((r) => r.at < normal[0]!.at + 2000).map((r) => r.url)).size).toBeLessThanOrEqual(4)
  // As long as the first prefetch took on the normal visit, and a batch's 3 s more.
  expect(await visit(true, Math.max(6000, normal[0]!.at + 3000))).toEqual([])
})
