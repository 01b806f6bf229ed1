/**
 * Taps and searches before hydration (src/sdk/core/earlyTaps.ts, src/sdk/search/submit.ts).
 * Every page-data request is held back, so the page has loaded (its `load`
 * event fired) but React has not hydrated it yet: a slow phone's window,
 * made wide. A tap there must do what it does after hydration, and a search
 * submitted there must land in the history.
 */
import { expect, test, type Page } from '@playwright/test'
import { expectCartAgreesWithPlatform, paidLines, pickProduct } from './support/cart'
import { holdChunk, hydrationProblems } from './support/hydration'
import { STARTED_ATTRIBUTE, STARTER_ID } from '../../serve/startAfterPaint'
import { BASE_STYLE_ID } from '../../src/components/ui/baseStyle'
import { oneWidth } from './support/widths'

const isDesktop = () => test.info().project.name === 'desktop'
const HOLD_MS = 2_500

/** Opens `path` with hydration held back by HOLD_MS, and checks the page is loaded but not hydrated. */
async function openUnhydrated(page: Page, path = '/') {
  await page.route('**/page-data/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS))
    await route.continue().catch(() => undefined)
  })
  await page.goto(path, { waitUntil: 'load' })
  expect(await hydrated(page)).toBe(false)
}

const hydrated = (page: Page) => page.evaluate(() => window.__hydrated === true)
const searchHistory = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('main::store::searchHistory') ?? '[]') as string[])

test('a tap on the categories button right after load opens the drawer once the page hydrates', async ({ page }) => {
  await openUnhydrated(page)
  await page.getByTestId('drawer-button').click()
  expect(await hydrated(page)).toBe(false)
  await expect(page.getByRole('dialog', { name: 'Tutte le categorie' })).toBeVisible()
  await expect(page.getByTestId('drawer-button')).toHaveAttribute('aria-expanded', 'true')
})

test('a tap on the cart button right after load opens the minicart; a double tap opens it once', async ({ page }) => {
  await openUnhydrated(page)
  await page.getByTestId('cart-button').dblclick()
  expect(await hydrated(page)).toBe(false)
  await expect(page.getByTestId('minicart')).toBeVisible()
  await expect(page.getByTestId('cart-button')).toHaveAttribute('aria-expanded', 'true')
})

test('the account control right after load: the menu opens on the desktop, the phone icon is a plain link', async ({ page }) => {
  await openUnhydrated(page)
  if (isDesktop()) {
    await page.getByTestId('account-button').click()
    expect(await hydrated(page)).toBe(false)
    await expect(page.getByTestId('account-dropdown')).toBeVisible()
  } else {
    const icon = page.getByTestId('account-icon')
    await expect(icon).toHaveAttribute('href', /returnUrl=%2Faccount|returnUrl=\/account/)
  }
})

test('"Aggiungi al carrello" tapped twice right after load adds the line once, in the page: the form that adds without JavaScript is never posted', async ({ page }) => {
  const { product, variant } = await pickProduct(() => true)
  const posts: string[] = []
  page.on('request', (request) => request.url().includes('/api/cart/add') && posts.push(request.url()))
  await openUnhydrated(page, `/${product.slug}/p`)
  await page.getByTestId('buy-button').dblclick()
  expect(await hydrated(page)).toBe(false)
  const modal = page.getByTestId('added-to-cart-modal')
  await expect(modal).toBeVisible()
  await expect(page.getByTestId('cart-count')).toHaveText('1')
  await modal.getByTestId('added-to-cart-go-to-cart').click()
  await expect(page.locator(`[data-testid="minicart-line"][data-sku="${variant.sku}"]`)).toHaveCount(1)
  await expect(page).toHaveURL(new RegExp(`/${product.slug}/p`))
  expect(paidLines(await expectCartAgreesWithPlatform(page))).toEqual([[variant.sku, 1]])
  expect(posts).toEqual([])
})

test('"Scegli" in the pickup box tapped right after load opens the store picker', async ({ page }) => {
  const { product } = await pickProduct(() => true)
  await openUnhydrated(page, `/${product.slug}/p`)
  await page.getByTestId('pickup-open').first().click()
  expect(await hydrated(page)).toBe(false)
  await expect(page.getByTestId('store-picker')).toBeVisible()
})

test('searches submitted before hydration land in the history, once each, and a reload adds nothing', async ({ page }) => {
  const terms = ['crocchette', 'lettiera', 'guinzaglio']
  for (const term of terms) {
    await openUnhydrated(page)
    const input = page.getByTestId('search-input')
    await input.fill(term)
    await input.press('Enter')
    await page.waitForURL(new RegExp(`/s\\?q=${term}`))
    await expect.poll(() => page.evaluate(() => location.search)).toBe(`?q=${term}`)
    await page.unroute('**/page-data/**')
  }
  expect(await searchHistory(page)).toEqual([...terms].reverse())
  const events = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'search'))
  expect(events).toEqual([expect.objectContaining({ search_term: 'guinzaglio' })])

  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  expect(await searchHistory(page)).toEqual([...terms].reverse())
})

test('an empty or blank search submitted before hydration, or without JavaScript, leaves the shopper on their page', async ({ page, browser }) => {
  // The page's data never comes, so the box stays a plain form for the whole journey.
  await page.route('**/page-data/**', () => new Promise<void>(() => {}))
  await page.goto('/cane', { waitUntil: 'load' })
  expect(await hydrated(page)).toBe(false)
  const answers: number[] = []
  page.on('response', (response) => new URL(response.url()).pathname === '/s' && answers.push(response.status()))
  const input = page.getByTestId('search-input')
  await input.press('Enter')
  await expect.poll(() => answers).toEqual([204])
  await input.fill('   ')
  await input.press('Enter')
  await expect.poll(() => answers).toEqual([204, 204])
  expect(new URL(page.url()).pathname).toBe('/cane')
  await expect(page.getByTestId('category-title')).toHaveText('Cane')
  await expect(input).toHaveValue('   ')
  expect(await hydrated(page)).toBe(false)
  expect(await searchHistory(page)).toEqual([])

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined })
  const noScript = await context.newPage()
  await noScript.goto('/cane')
  await noScript.getByTestId('search-input').press('Enter')
  await noScript.getByTestId('search-input').fill('crocchette')
  await noScript.getByTestId('search-input').press('Enter')
  // The first submit left the page as it was; the second searched.
  await noScript.waitForURL(/\/s\?via=box&q=crocchette$/)
  await noScript.goBack()
  expect(new URL(noScript.url()).pathname).toBe('/cane')
  await context.close()
})

test('a shared search link records nothing', oneWidth, async ({ page }) => {
  await page.goto('/s?q=antiparassitari')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  expect(await searchHistory(page)).toEqual([])
})

test('the static HTML carries the base styles, and hydrating a product page shifts nothing', async ({ browser, page }) => {
  const { product } = await pickProduct(() => true)
  const path = `/${product.slug}/p`
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined })
  const staticPage = await noScript.newPage()
  await staticPage.goto(path)
  expect(await staticPage.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px')
  await expect(staticPage.locator('label.visually-hidden').first()).toHaveCSS('position', 'absolute')
  await noScript.close()

  await page.addInitScript(() => {
    const shifts: number[] = []
    Object.assign(window, { __shifts: shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(path)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.waitForTimeout(1_000)
  const total = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0))
  expect(total).toBeLessThan(0.001)
})

test('the base styles are one stylesheet nothing writes again: not at hydration, not on a client-side navigation', oneWidth, async ({ page }) => {
  await page.addInitScript(() => {
    // Every style element that leaves the document, by its id.
    const removed: string[] = []
    Object.assign(window, { __removedSheets: removed })
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) if (node.nodeName === 'STYLE') removed.push((node as Element).id || 'style')
      }
    }).observe(document, { childList: true, subtree: true })
  })
  const bodyRules = () =>
    page.evaluate(() =>
      [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules].filter((rule) => (rule as CSSStyleRule).selectorText === 'body').map(() => (sheet.ownerNode as Element | null)?.id ?? ''),
      ),
    )
  await page.goto('/cane')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  expect(await bodyRules()).toEqual([BASE_STYLE_ID])
  await page.getByTestId('product-card').first().locator('a').first().click()
  await expect(page).toHaveURL(/\/p$/)
  await expect(page.locator('h1')).toBeVisible()
  expect(await bodyRules()).toEqual([BASE_STYLE_ID])
  expect(await page.evaluate(() => (window as unknown as { __removedSheets: string[] }).__removedSheets)).not.toContain(BASE_STYLE_ID)
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px')
})

/**
 * Deferred islands (src/components/shell/island.tsx): the page's root hydrates first, each island after it
 * from a chunk of its own. The island's chunk is held here, so the page is hydrated around an island that is
 * not: a tap on it then is kept and replayed once its code arrives, on the same nodes, with no hydration error.
 */
test.describe('deferred islands', () => {
  // The service worker answers the chunks of pages it has seen, past the held route.
  test.use({ serviceWorkers: 'block' })

  test('deferred islands: a tap on the buy box before its code arrives adds once after it, on the nodes the server sent', async ({ page }) => {
    const problems = hydrationProblems(page)
    const { product, variant } = await pickProduct(() => true)
    const release = await holdChunk(page, 'island-buy-box')
    await page.goto(`/${product.slug}/p`)
    await expect.poll(() => hydrated(page)).toBe(true)
    const box = page.locator('[data-island]', { has: page.getByTestId('buy-button') })
    await expect(box).toHaveAttribute('data-island-pending', '')
    // On the desktop the buy box is on screen, so the page counts as hydrated only with it; on the phone it is
    // below the screen and loads when scrolled to, as the tap below does.
    if (isDesktop()) await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0)
    await page.getByTestId('buy-button').evaluate((node) => Object.assign(node, { __server: true }))
    await page.getByTestId('buy-button').dblclick()
    await page.waitForTimeout(300)
    await expect(page.getByTestId('added-to-cart-modal')).toHaveCount(0)

    release()
    await expect(page.getByTestId('added-to-cart-modal')).toBeVisible()
    await expect(page.getByTestId('cart-count')).toHaveText('1')
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    await expect(box).not.toHaveAttribute('data-island-pending')
    expect(await page.getByTestId('buy-button').evaluate((node) => (node as unknown as { __server?: boolean }).__server)).toBe(true)
    await page.getByTestId('added-to-cart-modal').getByTestId('added-to-cart-go-to-cart').click()
    expect(paidLines(await expectCartAgreesWithPlatform(page))).toEqual([[variant.sku, 1]])
    expect(problems).toEqual([])
  })

  test("deferred islands: a facet ticked before the listing's code arrives is applied once it does, and the filter button opens the filters", async ({ page }) => {
    const problems = hydrationProblems(page)
    const release = await holdChunk(page, 'island-listing')
    await page.goto('/cane')
    await expect.poll(() => hydrated(page)).toBe(true)
    const listing = page.locator('[data-island]', { has: page.getByTestId('listing') })
    await expect(listing).toHaveAttribute('data-island-pending', '')
    // The listing is on screen, so the page counts as hydrated only with it.
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0)
    if (isDesktop()) {
      const value = page.locator('aside [data-testid="facet"]:not([data-facet-key^="category"]) [data-testid="facet-value"]').first()
      const key = await value.evaluate((input) => input.closest('[data-facet-key]')!.getAttribute('data-facet-key')!)
      const wanted = await value.getAttribute('data-value')
      await value.click()
      // Kept, not ticked: the box shows what the listing does, and it does nothing yet.
      await expect(value).not.toBeChecked()
      await page.waitForTimeout(300)
      expect(new URL(page.url()).search).toBe('')
      release()
      await expect(page).toHaveURL((url) => url.searchParams.getAll(key).includes(wanted!) && url.searchParams.get('facets') === `category-1,${key}`)
      await expect(page.getByTestId('selected-chip')).toHaveCount(1)
      await expect(page.locator(`aside [data-facet-key="${key}"] [data-testid="facet-value"][data-value="${wanted}"]`)).toBeChecked()
    } else {
      await page.getByTestId('filter-button').click()
      await page.waitForTimeout(300)
      await expect(page.getByTestId('filter-modal')).toHaveCount(0)
      release()
      await expect(page.getByTestId('filter-modal')).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('filter-modal')).toHaveCount(0)
      await expect(page.getByTestId('filter-button')).toBeFocused()
    }
    await expect(listing).not.toHaveAttribute('data-island-pending')
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    expect(problems).toEqual([])
  })

  test('deferred islands: text typed in the search box before its code arrives gets its suggestions once it does', async ({ page }) => {
    const problems = hydrationProblems(page)
    const release = await holdChunk(page, 'island-search')
    await page.goto('/')
    await expect.poll(() => hydrated(page)).toBe(true)
    const input = page.getByTestId('search-input')
    await input.click()
    await input.pressSequentially('crocc')
    await expect(page.getByTestId('search-suggestion-term')).toHaveCount(0)
    release()
    await expect(page.getByTestId('search-suggestion-term').first()).toContainText('crocc')
    await expect(input).toHaveAttribute('aria-expanded', 'true')
    const controls = await input.getAttribute('aria-controls')
    expect(await page.locator(`[id="${controls}"]`).getAttribute('role')).toBe('listbox')
    await page.keyboard.press('ArrowDown')
    const active = await input.getAttribute('aria-activedescendant')
    expect(await page.locator(`[id="${active}"]`).getAttribute('role')).toBe('option')
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    expect(problems).toEqual([])
  })
})

test('the error pages hydrate as the build wrote them, then show the page the shopper came from', oneWidth, async ({ page }) => {
  const problems = hydrationProblems(page)
  for (const code of ['404', '500']) {
    await page.goto(`/${code}?from=${encodeURIComponent('/cane?x=<b>1</b>')}`)
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    await expect(page.getByTestId('error-from')).toContainText('/cane?x=<b>1</b>')
  }
  expect(problems).toEqual([])
})

test.describe('the app’s scripts after the main picture', () => {
  /** When the page asked for the file whose path matches `path`, and when it had it, by the page's own clock (Resource Timing). */
  const timing = (page: Page, path: RegExp) =>
    page.evaluate((source) => {
      const pattern = new RegExp(source)
      const entry = performance.getEntriesByType('resource').find((e) => pattern.test(new URL(e.name).pathname)) as PerformanceResourceTiming | undefined
      return entry ? { start: entry.startTime, end: entry.responseEnd } : null
    }, path.source)
  // The app's own script, not a picture whose name starts the same (the footer's app-store badge).
  const appScript = /^\/app-\w+\.js$/

  test('are asked for only once the hero has come in, and the page then hydrates without an error', async ({ page }) => {
    const problems = hydrationProblems(page)
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/cms/hero-home.svg', async (route) => {
      await released
      await route.continue().catch(() => undefined)
    })
    const scripts: string[] = []
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname))
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await page.waitForTimeout(300)
    const starter = page.locator(`#${STARTER_ID}`)
    // The starter marks what let the scripts through in the task that adds them: the requests seen so far
    // are read first, so scripts among them mean a mark is there, and with the hero held it can only be the
    // cap (a loaded machine may reach this line after it).
    const askedBeforeHero = scripts.filter((path) => /^\/(webpack-runtime|framework|app)-/.test(path))
    const markBeforeHero = await starter.getAttribute(STARTED_ATTRIBUTE)
    expect(markBeforeHero === null || markBeforeHero === 'cap').toBe(true)
    if (markBeforeHero === null) expect(askedBeforeHero).toEqual([])
    expect(await starter.getAttribute('data-scripts')).toMatch(/^\/webpack-runtime-\w+\.js \/framework-\w+\.js \/app-\w+\.js$/)
    release()
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    const mark = await starter.getAttribute(STARTED_ATTRIBUTE)
    expect(mark === 'painted' || mark === 'cap').toBe(true)
    if (mark === 'painted') {
      // Let through by the picture: asked for after the hero came in, by the page's own clock.
      const hero = await timing(page, /^\/cms\/hero-home\.svg$/)
      const app = await timing(page, appScript)
      expect(hero && app).toBeTruthy()
      expect(app!.start).toBeGreaterThanOrEqual(hero!.end)
    }
    expect(problems).toEqual([])
  })

  test('wait 1 s at most for a hero that never comes: the page hydrates and a tap made meanwhile opens its panel', async ({ page }) => {
    await page.route('**/cms/hero-home.svg', () => new Promise<void>(() => {}))
    await page.goto('/', { waitUntil: 'domcontentloaded' })
    await page.getByTestId('drawer-button').click()
    await expect(page.getByRole('dialog', { name: 'Tutte le categorie' })).toBeVisible()
    expect(await page.evaluate(() => (document.querySelector('img[fetchpriority=high]') as HTMLImageElement).complete)).toBe(false)
    expect(await page.locator(`#${STARTER_ID}`).getAttribute(STARTED_ATTRIBUTE)).toBe('cap')
    const app = await timing(page, appScript)
    expect(app?.start).toBeGreaterThanOrEqual(1000)
  })
})
