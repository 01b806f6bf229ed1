/**
 * Offline (issue "Offline"): the service worker keeps the pages and files a
 * shopper visited, never a Function's answer or anything of the platform. The
 * journey: items in the cart, the connection drops, visited pages still open
 * with the cart's lines, an unvisited one shows the offline page, and back
 * online the cart is the platform's again.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { expect, test, type Page, type Response } from '@playwright/test'
import { e2ePlatformUrl } from './support/env'
import { addFromProductPage, expectCartAgreesWithPlatform, lineOf, minicart, openMinicart, pickProducts, platformOrderForm, shot, storedCart } from './support/cart'

// Every other journey blocks the worker (playwright.config.ts); these are about it.
test.use({ serviceWorkers: 'allow' })

const normal = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** Waits until the service worker controls the page. */
async function controlled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), { timeout: 20_000 }).toBe(true)
}

test('a visited page opens offline with the cart, and back online the cart is the platform’s', async ({ page, context }, info) => {
  const [first, second] = await pickProducts(2, (v) => v.price >= 6 && v.price < 30)
  const responses: Response[] = []
  context.on('response', (response) => responses.push(response))

  await page.goto('/cane')
  await controlled(page)
  // The product page is opened through the worker, which keeps it and its files.
  await addFromProductPage(page, first!.product, first!.variant.sku)
  const { id } = await storedCart(page)
  expect((await platformOrderForm(page, id)).items.map((i) => i.sku)).toContain(first!.variant.sku)
  // The product's category, reached from its breadcrumb, is visited too.
  const crumb = page.getByTestId('breadcrumbs').getByRole('link').nth(1)
  const categoryPath = (await crumb.getAttribute('href'))!
  const categoryName = normal(await crumb.textContent())
  await page.goto(categoryPath)
  await expect(page.getByTestId('category-title')).toHaveText(categoryName)

  await context.setOffline(true)
  try {
    // Really offline, the worker included: a Function cannot be reached.
    expect(await page.evaluate(() => fetch('/api/checkout/getCartInformation').then(() => 'answered', () => 'failed'))).toBe('failed')

    // The visited product page opens from the worker (a full page load), hydrated: its buy box is there.
    const product = await page.goto(`/${first!.product.slug}/p`)
    expect(product?.fromServiceWorker()).toBe(true)
    await expect(page.getByTestId('buy-button')).toHaveAttribute('data-sku', first!.variant.sku)
    await expect(page.getByTestId('cart-count')).toHaveText('1')

    // A link to the visited category page (Gatsby's client-side navigation) opens it, with the cart's line.
    await page.getByTestId('breadcrumbs').getByRole('link', { name: categoryName }).click()
    await expect(page).toHaveURL((url) => url.pathname === categoryPath)
    await expect(page.getByTestId('category-title')).toHaveText(categoryName)
    await expect(page.getByTestId('offline-page')).toHaveCount(0)
    await expect(page.getByTestId('cart-count')).toHaveText('1')
    await openMinicart(page)
    await expect(lineOf(page, first!.variant.sku)).toBeVisible()
    // The checkout is the platform's, out of reach: the button says why it is disabled.
    await expect(page.getByTestId('checkout-button')).toHaveText('Sei offline')
    await expect(page.getByTestId('checkout-button')).toHaveAttribute('aria-disabled', 'true')
    await shot(page, info.project.name, 'offline-0-minicart')
    await shot(page, info.project.name, 'offline-1-category')

    // And the page where the worker was installed, loaded again.
    const landing = await page.goto('/cane')
    expect(landing?.fromServiceWorker()).toBe(true)
    await expect(page.getByTestId('category-title')).toHaveText('Cane')

    // A page never opened on this device: the Italian offline page, not the browser's error.
    const unvisited = await page.goto(`/${second!.product.slug}/p`)
    expect(unvisited?.status()).toBe(503)
    await expect(page.getByTestId('offline-page').getByRole('heading', { level: 1 })).toHaveText('Sei offline')
    await expect(page.getByText('Questa pagina non è ancora disponibile senza connessione.', { exact: false })).toBeVisible()
    await expect(page.getByTestId('offline-retry')).toHaveText('Riprova')
    await shot(page, info.project.name, 'offline-2-unvisited')
  } finally {
    await context.setOffline(false)
  }

  // Back online, "Riprova" opens the page for real, and an add goes to the platform's cart.
  await page.getByTestId('offline-retry').click()
  await expect(page.getByTestId('buy-button')).toHaveAttribute('data-sku', second!.variant.sku)
  await addFromProductPage(page, second!.product, second!.variant.sku)
  const form = await expectCartAgreesWithPlatform(page)
  expect(form.id).toBe(id)
  expect(form.items.filter((i) => !i.isGift).map((i) => [i.sku, i.quantity]).sort()).toEqual(
    [
      [first!.variant.sku, 1],
      [second!.variant.sku, 1],
    ].sort(),
  )
  await expect(minicart(page)).toBeVisible()

  // No Function answer and nothing of the platform ever came from the worker.
  const api = responses.filter((r) => new URL(r.url()).pathname.startsWith('/api/'))
  expect(api.length).toBeGreaterThan(0)
  expect(api.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([])
  const platform = responses.filter((r) => r.url().startsWith(e2ePlatformUrl))
  expect(platform.filter((r) => r.fromServiceWorker()).map((r) => r.url())).toEqual([])
  // While pages and files did.
  expect(responses.some((r) => r.fromServiceWorker() && /\.js$/.test(new URL(r.url()).pathname))).toBe(true)
})

test('the worker answers only for the site, with its own policy, and keeps no Function answer', async ({ page }) => {
  await page.goto('/')
  await controlled(page)
  const worker = await page.request.get('/sw.js')
  expect(worker.status()).toBe(200)
  expect(worker.headers()['content-security-policy']).toBe("default-src 'none'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
  expect(worker.headers()['cache-control']).toBe('public, max-age=0, must-revalidate')
  // A Function called by the page itself goes past the worker, and nothing of /api/ is in any cache.
  const answer = await page.evaluate(async () => {
    const r = await fetch('/api/checkout/getCartInformation', { credentials: 'same-origin' }).catch(() => null)
    return r?.status ?? 0
  })
  expect(answer).toBeGreaterThan(0)
  await page.goto('/cane')
  const kept = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
    return urls
  })
  expect(kept.length).toBeGreaterThan(0)
  expect(kept.filter((u) => new URL(u).pathname.startsWith('/api/') || !u.startsWith(new URL(page.url()).origin))).toEqual([])
})

test('a new deploy’s worker takes over, drops the caches of the build before and makes the next link a full load', async ({ page }) => {
  await page.goto('/cane')
  await controlled(page)
  const cacheNames = () => page.evaluate(() => caches.keys())
  await expect.poll(async () => (await cacheNames()).length).toBeGreaterThan(0)
  const before = await cacheNames()
  const version = /^zampa-([0-9a-f]{16})-/.exec(before[0]!)?.[1]
  expect(version).toBeDefined()

  // The deploy: the same worker with another build's version, as the build writes it.
  const file = 'public/sw.js'
  const original = await readFile(file, 'utf8')
  expect(original).toContain(version!)
  await writeFile(file, original.replaceAll(version!, 'e2e0new0deploy00'))
  try {
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()))
    await expect.poll(() => page.evaluate(() => (window as { ___swUpdated?: boolean }).___swUpdated ?? false), { timeout: 20_000 }).toBe(true)
    await expect.poll(cacheNames).not.toContain(before[0])
    expect((await cacheNames()).every((name) => name.startsWith('zampa-e2e0new0deploy00-'))).toBe(true)
    // Gatsby's next link navigation is a full load of the new build's page, not a client-side route.
    await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true))
    await page.getByRole('link', { name: 'Zampa, vai alla home page' }).first().click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => page.evaluate(() => (window as { __samePage?: boolean }).__samePage ?? false)).toBe(false)
  } finally {
    await writeFile(file, original)
  }
})
