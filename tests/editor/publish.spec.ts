/**
 * Publishing reaches shoppers: the editor publishes, the storefront rebuilds
 * and the screen says when the change is live, which a shopper then sees; a
 * build that fails leaves the last good site serving and says why; a price
 * changed through the platform's admin API reaches the product's static page
 * through the catalog hook. Whole shop from tests/editor/site.ts.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import { e2eAdminToken, e2ePlatformUrl, e2eSitePort } from '../e2e/support/env'
import { hydrationProblems } from '../e2e/support/hydration'
import { BUILD_HOOK_TOKEN, CONTENT_ROOT_FILE } from './env'
import { login } from './login'

const siteUrl = `http://127.0.0.1:${e2eSitePort}`
/** From the click on "Pubblica" to the change on a shopper's page (the target at 300 products is seconds, not minutes). */
const LIVE_BUDGET_MS = 90_000
/**
 * A change after a failed one goes through a whole `gatsby build`, which here also reads the catalog and renders
 * every page again (the fast paths before it left the build folder behind): 60 to 100 s on the 2-core machine.
 */
const FULL_BUILD_BUDGET_MS = 180_000

test.describe.configure({ mode: 'serial' })

/** What a shopper's browser shows as the promotional phrase, on a fresh visit. */
async function shopperPhrase(browser: Browser): Promise<string> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const answer = await page.goto(siteUrl)
  expect(answer!.status()).toBe(200)
  const text = (await page.getByTestId('promo-phrase').textContent()) ?? ''
  await context.close()
  return text
}

const buildState = (page: Page) => page.locator('[data-build-state]')
const contentRoot = () => readFileSync(CONTENT_ROOT_FILE, 'utf8').trim()

async function publishPhrase(page: Page, phrase: string): Promise<number> {
  await page.getByLabel('Frase promozionale *').fill(phrase)
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click()
  const clicked = Date.now()
  await expect(page.getByRole('status').first()).toContainText('Pubblicato')
  return clicked
}

let livePhrase = ''

test('a price changed through the platform is live without a build: on its product page, a deferred product’s page and the listing that shows it', async ({ request, page }) => {
  type Listed = { slug: string; variants: { sku: string; price: number }[] }
  // The first product of a category's prerendered listing, and one of the catalog's last products, whose page is deferred.
  const listed = ((await (await request.get(`${e2ePlatformUrl}/api/catalog/search?category=gatto&pageSize=24`)).json()) as { products: Listed[] }).products
  const shown = listed.find((p) => p.variants.length === 1)!
  const catalog = (await (await request.get(`${e2ePlatformUrl}/api/catalog/products?pageSize=500`)).json()) as { total: number }
  const last = ((await (await request.get(`${e2ePlatformUrl}/api/catalog/products?page=${catalog.total - 1}&pageSize=1`)).json()) as { items: Listed[] }).items[0]!
  const html = async (path: string) => (await (await request.get(`${siteUrl}${path}`)).text()).replace(/&nbsp;|\u00a0/g, ' ')
  const price = (value: number) => value.toFixed(2).replace('.', ',')
  const status = async () => (await (await request.get(`${siteUrl}/hooks/build`, { headers: { authorization: `Bearer ${BUILD_HOOK_TOKEN}` } })).json()) as { requested: number; liveThrough: number; lastLive: { pagesWritten: number; durationMs: number; fast: boolean; catalogKept: boolean | null } | null }
  const patch = async (sku: string, value: number) => {
    const before = (await status()).requested
    const answer = await request.patch(`${e2ePlatformUrl}/api/admin/skus/${sku}`, { headers: { 'x-admin-token': e2eAdminToken }, data: { price: value } })
    expect(answer.status()).toBe(200)
    await expect.poll(async () => (await status()).liveThrough, { timeout: LIVE_BUDGET_MS, intervals: [250] }).toBeGreaterThan(before)
    return (await status()).lastLive!
  }

  expect(await html(`/${shown.slug}/p`)).toContain(price(shown.variants[0]!.price))
  expect(await html('/gatto')).toContain(price(shown.variants[0]!.price))
  const newPrice = Math.round(shown.variants[0]!.price * 100 + 1234) / 100
  const changed = await patch(shown.variants[0]!.sku, newPrice)
  console.log(`price change: ${changed.pagesWritten} pages rendered, live in ${(changed.durationMs / 1000).toFixed(1)} s after the hook`)
  // Rendered by the fast path: its product page, its listings and the shelves that hold it, not the build's 500-odd pages.
  expect(changed).toMatchObject({ fast: true, catalogKept: null })
  expect(changed.pagesWritten).toBeGreaterThanOrEqual(2)
  expect(changed.pagesWritten).toBeLessThan(20)
  expect(await html(`/${shown.slug}/p`)).toContain(price(newPrice))
  expect(await html('/gatto')).toContain(price(newPrice))
  // The data a client-side navigation reads says the same.
  expect(await (await request.get(`${siteUrl}/page-data/gatto/page-data.json`)).text()).toContain(`"price":${newPrice}`)

  // A deferred page: never written by the build, rendered by the server until now.
  expect(await html(`/${last.slug}/p`)).toContain(price(last.variants[0]!.price))
  const deferredPrice = Math.round(last.variants[0]!.price * 100 + 777) / 100
  const deferred = await patch(last.variants[0]!.sku, deferredPrice)
  expect(deferred).toMatchObject({ fast: true })
  expect(await html(`/${last.slug}/p`)).toContain(price(deferredPrice))

  // A shopper who opens the re-rendered page gets it hydrated without a mismatch.
  const problems = hydrationProblems(page)
  await page.goto(`${siteUrl}/${shown.slug}/p`)
  await expect(page.getByTestId('product-name')).toBeVisible()
  await expect(page.locator('main')).toContainText(price(newPrice))
  await page.waitForLoadState('networkidle')
  expect(problems).toEqual([])
  // The new prices stay: `npm test` runs no suite on this build after these journeys (scripts/test-all.ts).
})

test('the editor publishes the promotional phrase, follows the rebuild, and a shopper sees it within the budget', async ({ page, browser }) => {
  await login(page)
  const before = await shopperPhrase(browser)
  livePhrase = `Consegna gratuita oggi ${Date.now()}`
  const clicked = await publishPhrase(page, livePhrase)
  await expect(buildState(page)).toHaveAttribute('data-build-state', /queued|building/)
  await expect(buildState(page)).toContainText(/Ricostruzione del negozio in corso \(.+, \d+ s\)|in coda/)
  await expect(buildState(page)).toHaveAttribute('data-build-state', 'live', { timeout: LIVE_BUDGET_MS })
  await expect(buildState(page)).toContainText('La modifica è online sul negozio')
  await expect(buildState(page).getByRole('link', { name: 'Apri il negozio' })).toHaveAttribute('href', siteUrl)
  const phrase = await shopperPhrase(browser)
  const elapsed = Date.now() - clicked
  expect(phrase).toBe(livePhrase)
  expect(phrase).not.toBe(before)
  expect(elapsed).toBeLessThan(LIVE_BUDGET_MS)
  console.log(`content change live for a shopper in ${(elapsed / 1000).toFixed(1)} s`)
  await page.screenshot({ path: 'test-results/screens/editor-publish-live.png' })
})

/** The storefront's rebuild status, as the editing screen reads it. */
async function buildStatus(page: Page): Promise<{ liveThrough: number; requested: number; lastLive: { fast: boolean; durationMs: number; pagesWritten: number; catalogKept: boolean | null } | null }> {
  const answer = await page.request.get(`${siteUrl}/hooks/build`, { headers: { authorization: `Bearer ${BUILD_HOOK_TOKEN}` } })
  return (await answer.json()) as Awaited<ReturnType<typeof buildStatus>>
}

/** Clicks "Pubblica" and waits for the storefront to make the change live: when, and how it went live. */
async function publishAndWait(page: Page): Promise<{ clicked: number; live: NonNullable<Awaited<ReturnType<typeof buildStatus>>['lastLive']> }> {
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click()
  const clicked = Date.now()
  await expect(page.getByRole('status').first()).toContainText('Pubblicato')
  const requested = (await buildStatus(page)).requested
  await expect.poll(async () => (await buildStatus(page)).liveThrough, { timeout: LIVE_BUDGET_MS, intervals: [250] }).toBeGreaterThanOrEqual(requested)
  return { clicked, live: (await buildStatus(page)).lastLive! }
}

/** The drawer's third level under Cane › Cibo secco, as a shopper opens it. */
async function drawerItem(page: Page, name: string) {
  const drawer = page.getByRole('dialog', { name: 'Tutte le categorie' })
  await page.getByTestId('drawer-button').click()
  await drawer.getByRole('button', { name: /^Cane/ }).click()
  await drawer.getByRole('button', { name: /^Cibo secco/ }).click()
  const item = drawer.getByRole('region', { name: 'Cibo secco' }).getByRole('button', { name, exact: true })
  await expect(item).toBeVisible()
  await page.keyboard.press('Escape')
}

test('a change to the frame alone goes live without a build: a shopper sees the phrase and the menu item on a product page, loaded and navigated to, with no hydration error', async ({ page, browser }) => {
  await login(page)
  const phrase = `Cornice rapida ${Date.now()}`
  const menuItem = `Cuccioli ${Date.now() % 100_000}`
  const topItem = `Cane ${Date.now() % 100_000}`
  await publishPhrase(page, phrase)
  // The third-level item the editing journeys rename too: Cane › Cibo secco › Puppy.
  await page.getByRole('link', { name: /^menu \(menu\.json\)/ }).click()
  await page.getByRole('button', { name: '1. Cane', exact: true }).click()
  await page.getByRole('button', { name: '1. Cibo secco', exact: true }).click()
  await page.getByRole('button', { name: '1. Puppy', exact: true }).click()
  await page.locator('#f-items-0-nextLevel-0-nextLevel-0-title').fill(menuItem)
  // And the top-level item, whose title is text of every page's HTML (the desktop sub-header).
  await page.locator('#f-items-0-title').fill(topItem)
  const { clicked, live } = await publishAndWait(page)
  expect(live.fast).toBe(true)
  // The phrase the journeys after this one expect shoppers to keep seeing.
  livePhrase = phrase
  console.log(`frame change live for a shopper ${((Date.now() - clicked) / 1000).toFixed(1)} s after the click (${live.pagesWritten} pages patched in ${(live.durationMs / 1000).toFixed(1)} s)`)

  // A product page built ahead of time, as a shopper's browser gets it.
  const search = (await (await page.request.get(`${e2ePlatformUrl}/api/catalog/search?pageSize=1`)).json()) as { products: { slug: string }[] }
  const productPath = `/${search.products[0]!.slug}/p`
  expect(await (await page.request.get(`${siteUrl}${productPath}`)).text()).toContain(phrase)
  const context = await browser.newContext()
  const shopper = await context.newPage()
  const problems = hydrationProblems(shopper)
  await shopper.goto(`${siteUrl}${productPath}`)
  await expect(shopper.getByTestId('promo-phrase')).toHaveText(phrase)
  await expect(shopper.getByTestId('sub-header-top').first()).toHaveText(topItem)
  await drawerItem(shopper, menuItem)
  expect(problems).toEqual([])
  // Client-side navigation (no new document): the frame comes from the static-query results, now the new ones.
  await shopper.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await shopper.getByTestId('logo').click()
  await expect(shopper).toHaveURL(`${siteUrl}/`)
  expect(await shopper.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  await expect(shopper.getByTestId('promo-phrase')).toHaveText(phrase)
  await expect(shopper.getByTestId('sub-header-top').first()).toHaveText(topItem)
  await drawerItem(shopper, menuItem)
  expect(problems).toEqual([])
  await context.close()
})

test('a change to one CMS page goes live without a build: that page and its app variant are rendered again, no other', async ({ page, browser }) => {
  await login(page)
  await page.getByRole('link', { name: /^pagine/ }).click()
  await page.getByLabel('Pagina mostrata').selectOption({ index: 1 })
  await page.getByRole('button', { name: /^2\. / }).first().click()
  const heading = `Spedizioni e resi ${Date.now() % 100_000}`
  await page.locator('#f-pages-1-heading').fill(heading)
  const { clicked, live } = await publishAndWait(page)
  // The page and its app variant, by the content fast path: not the 500-odd pages of a build.
  expect(live).toMatchObject({ fast: true, pagesWritten: 2 })
  console.log(`CMS page change live for a shopper ${((Date.now() - clicked) / 1000).toFixed(1)} s after the click (${live.pagesWritten} pages rendered in ${(live.durationMs / 1000).toFixed(1)} s)`)
  expect(await (await page.request.get(`${siteUrl}/app/spedizioni-e-resi`)).text()).toContain(heading)
  const context = await browser.newContext()
  const shopper = await context.newPage()
  const problems = hydrationProblems(shopper)
  await shopper.goto(`${siteUrl}/spedizioni-e-resi`)
  await expect(shopper.getByTestId('cms-page-title')).toHaveText(heading)
  await shopper.waitForLoadState('networkidle')
  expect(problems).toEqual([])
  await context.close()
})

test('a build that fails keeps the last good site serving and tells the editor why', async ({ page, browser }) => {
  await login(page)
  // A file broken behind the screen's back (a hand edit, a bad merge): the screen checks only what it publishes.
  const footer = path.join(contentRoot(), 'cms', 'footer.json')
  writeFileSync(footer, '{ "columns": ')
  try {
    await publishPhrase(page, 'Questa frase non deve arrivare ai clienti')
    await expect(buildState(page)).toHaveAttribute('data-build-state', 'failed', { timeout: LIVE_BUDGET_MS })
    await expect(buildState(page)).toContainText('Ricostruzione non riuscita')
    await expect(buildState(page)).toContainText('footer.json')
    await expect(buildState(page)).toContainText('ultima versione funzionante')
    await page.screenshot({ path: 'test-results/screens/editor-publish-failed.png' })
    expect(await shopperPhrase(browser)).toBe(livePhrase)
  } finally {
    execFileSync('git', ['checkout', '--', 'cms/footer.json'], { cwd: contentRoot() })
  }
  // Mended, the next publish goes live: the editor restores the first version of the top bar.
  await page.reload()
  const restore = page.getByRole('button', { name: /^Ripristina la versione/ })
  await restore.last().click()
  await expect(buildState(page)).toHaveAttribute('data-build-state', 'live', { timeout: FULL_BUILD_BUDGET_MS })
  // After a failure the change goes through `gatsby build`. It reads the catalog again: the prices the first journey
  // changed went live by the fast path, which leaves the build folder behind, and this build catches it up.
  expect((await buildStatus(page)).lastLive).toMatchObject({ fast: false, catalogKept: false })
  const first = execFileSync('git', ['rev-list', '--max-parents=0', 'HEAD'], { cwd: contentRoot(), encoding: 'utf8' }).trim()
  const original = JSON.parse(execFileSync('git', ['show', `${first}:cms/top-header.json`], { cwd: contentRoot(), encoding: 'utf8' })) as { promoPhrase: string }
  expect(await shopperPhrase(browser)).toBe(original.promoPhrase.replace(/<[^>]+>/g, ''))
})
