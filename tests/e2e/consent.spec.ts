/**
 * Cookie consent and the analytics it allows (req CONSENT-01..08). A first visit shows the banner; after the
 * X a whole purchase journey sends nothing to the tag-manager container (a stand-in on loopback,
 * support/gtm.ts); after "Accetta tutti" the container loads and receives GA4's ecommerce sequence,
 * including what was pushed before consent; the footer's "Preferenze cookie" changes the choice; a tap before
 * hydration counts; the banner has no serious axe violation and moves nothing (CLS 0).
 */
import { axeTags, severeViolations } from './support/axe'
import { expect, test, type Page } from '@playwright/test'
import { pickProduct, settled, minicart } from './support/cart'
import { startStandInContainer, type StandInContainer } from './support/gtm'
import { CONSENT_KEY, PURPOSES_VERSION } from '../../src/sdk/consent/consent'
import { oneWidth } from './support/widths'

// A first visit: nothing stored (the other journeys start with a refusal already stored).
test.use({ storageState: { cookies: [], origins: [] } })

let container: StandInContainer
test.beforeAll(async () => {
  container = await startStandInContainer()
})
test.afterAll(async () => {
  await container.close()
})
test.beforeEach(() => {
  container.events.length = 0
  container.loads = 0
})

const banner = (page: Page) => page.getByTestId('consent-banner')
const stored = (page: Page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as { v: number; t: number; a: boolean; m: boolean } | null, CONSENT_KEY)
const ga4Sequence = ['view_item_list', 'select_item', 'view_item', 'add_to_cart', 'view_cart', 'begin_checkout']
const received = () => container.events.map((e) => e.event).filter((name) => ga4Sequence.includes(name))
// The journey views two products: the card it follows, then one priced above the minimum order.
const journeySequence = ['view_item_list', 'select_item', 'view_item', 'view_item', 'add_to_cart', 'view_cart', 'begin_checkout']

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${test.info().project.name}-consent-${name}.png` })
}

/** Category → product → add to cart → minicart → checkout button, as analytics.spec.ts does it. */
async function purchaseJourney(page: Page): Promise<void> {
  const card = page.getByTestId('product-card').filter({ has: page.getByTestId('card-price') }).first()
  await card.getByTestId('product-card-link').click()
  await page.waitForURL(/\/p$/)
  await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === 'view_item'))).toBe(true)
  // Above the minimum order, so the checkout button is enabled.
  const { product } = await pickProduct((variant) => variant.price >= 12 && variant.unitMultiplier === 1)
  await page.goto(`/${product.slug}/p`)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByTestId('buy-button').click()
  await page.getByTestId('added-to-cart-modal').getByTestId('added-to-cart-go-to-cart').click()
  await expect(minicart(page)).toBeVisible()
  await settled(page)
  await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === 'view_cart'))).toBe(true)
  await minicart(page).getByTestId('checkout-button').click()
  await page.waitForURL(/\/checkout/)
}

test('a first visit shows the banner; the X refuses, and a whole purchase journey sends nothing to the container', async ({ page }) => {
  await page.goto('/cane')
  await expect(banner(page)).toBeVisible()
  await expect(banner(page).getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/cookie-policy')
  await shot(page, 'banner')
  // Consent Mode v2: every tracking signal denied before anything else.
  const first = await page.evaluate(() => Array.from((window.dataLayer ?? [])[0] as unknown as ArrayLike<unknown>))
  expect(first).toEqual(['consent', 'default', expect.objectContaining({ ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' })])
  // Scrolling is not consent.
  await page.mouse.wheel(0, 2000)
  await expect(banner(page)).toBeVisible()
  expect(await stored(page)).toBeNull()

  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByTestId('consent-close').click()
  await expect(banner(page)).toBeHidden()
  expect(await stored(page)).toMatchObject({ v: PURPOSES_VERSION, a: false, m: false, t: expect.any(Number) })
  await page.mouse.wheel(0, -2000)
  await purchaseJourney(page)
  // The events were pushed into the page's data layer, and none left it.
  await page.waitForTimeout(1_500)
  expect(container.loads).toBe(0)
  expect(container.events).toEqual([])
})

test('after "Accetta tutti" the container loads and receives the GA4 sequence, including what came before consent', oneWidth, async ({ page }) => {
  await page.goto('/cane')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  // view_item_list is pushed before the shopper decides: it waits in the data layer.
  await expect.poll(() => page.evaluate(() => (window.dataLayer ?? []).some((e) => e.event === 'view_item_list'))).toBe(true)
  expect(container.loads).toBe(0)
  await page.getByTestId('consent-accept-all').click()
  await expect(banner(page)).toBeHidden()
  expect(await stored(page)).toMatchObject({ a: true, m: true })
  await expect.poll(() => received()).toEqual(['view_item_list'])
  const update = await page.evaluate(() => (window.dataLayer ?? []).map((e) => Array.from(e as unknown as ArrayLike<unknown>)).find((e) => e[0] === 'consent' && e[1] === 'update'))
  expect(update).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'granted' })])

  await purchaseJourney(page)
  await expect.poll(() => received(), { timeout: 15_000 }).toEqual(journeySequence)
  expect(container.events.every((e) => e.id === 'GTM-E2ETEST')).toBe(true)
  console.log(`stand-in container, after "Accetta tutti": ${received().join(', ')}`)
})

test('the footer link reopens the choices: analytics only, then withdrawn', async ({ page }) => {
  await page.goto('/')
  await page.getByTestId('consent-refuse').click()
  await expect(banner(page)).toBeHidden()

  const reopen = page.getByTestId('consent-reopen')
  await reopen.scrollIntoViewIfNeeded()
  await reopen.click()
  await expect(banner(page)).toBeVisible()
  await expect(page.getByTestId('consent-analytics')).not.toBeChecked()
  await page.getByTestId('consent-choose').click()
  await page.getByTestId('consent-analytics').check()
  await page.getByTestId('consent-save').click()
  await expect(banner(page)).toBeHidden()
  expect(await stored(page)).toMatchObject({ a: true, m: false })
  await expect.poll(() => container.loads).toBe(1)
  await expect(reopen).toBeFocused()

  // Withdrawn: the page reloads without the container, and nothing more reaches it.
  await reopen.click()
  await expect(page.getByTestId('consent-analytics')).toBeChecked()
  await page.getByTestId('consent-refuse').click()
  await page.waitForLoadState('load')
  expect(await stored(page)).toMatchObject({ a: false, m: false })
  await page.goto('/cane')
  await page.waitForTimeout(1_000)
  expect(container.loads).toBe(1)
})

test('the banner works by keyboard, and a stored choice is asked again after 6 months or a new purposes version', async ({ page }) => {
  await page.goto('/')
  await expect(banner(page)).toBeVisible()
  await page.getByTestId('consent-accept-all').focus()
  await page.keyboard.press('Enter')
  await expect(banner(page)).toBeHidden()
  await page.reload()
  await expect(banner(page)).toBeHidden()

  const sevenMonths = 7 * 31 * 24 * 60 * 60 * 1000
  await page.evaluate(([key, age]) => localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key)!), t: Date.now() - age })), [CONSENT_KEY, sevenMonths] as const)
  await page.reload()
  await expect(banner(page)).toBeVisible()
  await page.evaluate(([key, v]) => localStorage.setItem(key, JSON.stringify({ v, t: Date.now(), a: true, m: true })), [CONSENT_KEY, PURPOSES_VERSION - 1] as const)
  await page.reload()
  await expect(banner(page)).toBeVisible()
})

test('a tap on "Rifiuta" before hydration counts', async ({ page }) => {
  // The page's scripts wait until the tap is made.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/(app|framework|webpack-runtime|component---)[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/cane', { waitUntil: 'domcontentloaded' })
  await page.getByTestId('consent-refuse').click()
  await expect(banner(page)).toBeHidden()
  expect(await page.evaluate(() => window.__hydrated ?? false)).toBe(false)
  expect(await stored(page)).toMatchObject({ a: false, m: false })
  release()
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect(banner(page)).toBeHidden()
  expect(container.loads).toBe(0)
})

test('the banner shows only once its whole HTML is in: arriving in parts, it would grow upwards and move its text', async ({ page }) => {
  await page.goto('/cane')
  await expect(banner(page)).toBeVisible()
  const shown = () => page.evaluate(() => getComputedStyle(document.getElementById('consent')!).display)
  // As the parser leaves it before its buttons' row and its end have arrived.
  const rest = await page.evaluate(() => {
    const section = document.getElementById('consent')!
    const parts = [section.querySelector('.cb-r')!, section.querySelector('.cb-end')!]
    parts.forEach((part) => part.remove())
    Object.assign(window, { __bannerRest: parts })
    return parts.length
  })
  expect(rest).toBe(2)
  expect(await shown()).toBe('none')
  await page.evaluate(() => {
    const [row, end] = (window as unknown as { __bannerRest: Element[] }).__bannerRest
    document.querySelector('#consent .cb-in')!.append(row!)
    document.getElementById('consent')!.append(end!)
  })
  expect(await shown()).toBe('block')
  await expect(page.getByTestId('consent-accept-all')).toBeVisible()
})

test('the banner: no serious axe violation, no layout shift, and /fromApp follows the app', async ({ page }) => {
  await page.goto('/')
  await expect(banner(page)).toBeVisible()
  await page.getByTestId('consent-choose').click()
  expect(await severeViolations(page, { include: '#consent', tags: axeTags })).toEqual([])
  await shot(page, 'banner-choices')

  await page.goto('/cane')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.waitForTimeout(1_000)
  // Layout shifts whose moving nodes are the banner or anything it pushed: none (the banner is a fixed overlay).
  // Each carries where its nodes moved from and to, and the viewport now, so that a failure says what moved.
  type Shift = { value: number; banner: boolean; at: number; moved: string[]; viewport: string }
  const shifts = await page.evaluate(
    () =>
      new Promise<Shift[]>((resolve) => {
        const seen: Shift[] = []
        const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`
        type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: Source[] })[]) {
            const sources = entry.sources ?? []
            seen.push({
              value: entry.value,
              banner: sources.some((s) => !!s.node && !!document.getElementById('consent')?.contains(s.node)),
              at: Math.round(entry.startTime),
              moved: sources.map((s) => `${s.node?.nodeName ?? '?'} ${box(s.previousRect)} → ${box(s.currentRect)}`),
              viewport: `${innerWidth}×${innerHeight}, visual ${visualViewport?.width}×${visualViewport?.height} at ×${visualViewport?.scale}`,
            })
          }
        }).observe({ type: 'layout-shift', buffered: true })
        setTimeout(() => resolve(seen), 500)
      }),
  )
  expect(shifts.filter((s) => s.banner)).toEqual([])
  console.log(`layout shift with the banner open on /cane: ${shifts.reduce((sum, s) => sum + s.value, 0)}`)

  // The app passes its own consent: no banner, and the choice holds for the pages that follow.
  await page.goto('/fromApp?consent=analytics')
  await expect(banner(page)).toBeHidden()
  expect(await stored(page)).toMatchObject({ a: true, m: false })
  await expect.poll(() => container.loads).toBe(1)
  await page.goto('/fromApp?consent=none')
  await expect(banner(page)).toBeHidden()
  expect(await stored(page)).toMatchObject({ a: false, m: false })
})
