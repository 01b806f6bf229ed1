/**
 * The XSS corpus (tests/shared/xssCorpus.ts: the sanitiser's 25 payloads and
 * 40 more) through every place of the storefront that shows editors' HTML or
 * a shopper's input, in Chromium (the platform's screens, which run no script,
 * have theirs parsed as a browser would in platform/screens/xss.test.ts). A
 * payload that ran would call alert/confirm/prompt (hooked in
 * every frame as `window.__xss`), open a dialog, or fetch from evil.example;
 * each place asserts none of it happened. On the storefront's
 * pages the first wall (escaping) must hold by itself: no CSP
 * violation either, and no element with an event handler or a script URL.
 * Editors' HTML is shown through the sanitiser alone (no CSP) and raw under
 * the production CSP alone, so each wall is tested without the other.
 */
import { expect, test, type Page, type Request } from '@playwright/test'
import { pagePolicy } from '../../serve/security'
import { SEARCH_HISTORY_KEY, SEARCH_HISTORY_SIZE } from '../../src/config/constants'
import { sanitizePhrase } from '../../cms/sanitize'
import { injectedBeyond, markupOf } from '../shared/markup'
import { xssCorpus, type Payload } from '../shared/xssCorpus'
import { e2ePlatformUrl } from './support/env'

test.describe.configure({ timeout: 600_000 })

/** Counted as each place finishes, printed at the end: payloads × places. */
const checked = new Map<string, number>()

interface Watch {
  dialogs: string[]
  /** Each request to evil.example, with how it ended: null while pending, else the failure or 'loaded'. */
  evil: Map<Request, string | null>
}

const isEvil = (url: string) => {
  try {
    return new URL(url).hostname.endsWith('evil.example')
  } catch {
    return false
  }
}

async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { dialogs: [], evil: new Map() }
  await page.addInitScript(() => {
    const w = window as unknown as { __xss: string[]; __csp: string[] }
    w.__xss = []
    w.__csp = []
    const hook = (kind: string) => (message?: unknown) => {
      w.__xss.push(`${kind}:${String(message)}`)
      return null
    }
    window.alert = hook('alert')
    window.confirm = hook('confirm') as unknown as typeof window.confirm
    window.prompt = hook('prompt')
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`))
  })
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}:${dialog.message()}`)
    void dialog.dismiss().catch(() => undefined)
  })
  page.on('request', (request) => {
    if (isEvil(request.url())) seen.evil.set(request, null)
  })
  page.on('requestfailed', (request) => {
    if (seen.evil.has(request)) seen.evil.set(request, request.failure()?.errorText ?? 'failed')
  })
  page.on('requestfinished', (request) => {
    if (seen.evil.has(request)) seen.evil.set(request, 'loaded')
  })
  return seen
}

/** What the hooks of every frame recorded. */
async function hooks(page: Page): Promise<{ xss: string[]; csp: string[] }> {
  const result = { xss: [] as string[], csp: [] as string[] }
  const none = { xss: [] as string[], csp: [] as string[] }
  for (const frame of page.frames()) {
    // A frame that never got a document (a plugin's <object> or <embed>) never answers: give up on it after a second.
    const found = await Promise.race([
      frame
        .evaluate(() => {
          const w = window as unknown as { __xss?: string[]; __csp?: string[] }
          return { xss: w.__xss ?? [], csp: w.__csp ?? [] }
        })
        .catch(() => none),
      new Promise<typeof none>((resolve) => setTimeout(() => resolve(none), 1000)),
    ])
    result.xss.push(...found.xss)
    result.csp.push(...found.csp)
  }
  return result
}

/** Elements carrying an event handler or a script URL anywhere in the document. */
function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('*')].flatMap((el) =>
      el
        .getAttributeNames()
        .filter((name) => /^on/i.test(name) || (/^(href|src|action|formaction|data|xlink:href|srcdoc)$/i.test(name) && /^\s*(javascript|data|vbscript):/i.test(el.getAttribute(name) ?? '')))
        .map((name) => `<${el.tagName.toLowerCase()} ${name}="${el.getAttribute(name)}">`),
    ),
  )
}

/**
 * Nothing ran; with `firstWall`, nothing even reached the page as markup, and the CSP had nothing to block.
 * Given several payloads shown at once, one look covers them all.
 */
async function expectNothingRan(page: Page, seen: Watch, where: string, shown: Payload | Payload[], firstWall: boolean): Promise<void> {
  const payloads = (Array.isArray(shown[0]) ? shown : [shown]) as Payload[]
  const name = payloads.map(([n]) => n).join(', ')
  // Handlers of images, media and frames fire when their load fails: give them the time to.
  await page.waitForTimeout(150)
  const { xss, csp } = await hooks(page)
  const label = `${where} — ${name}`
  expect(xss, label).toEqual([])
  expect(seen.dialogs, label).toEqual([])
  // A request to evil.example the CSP stopped is the second wall at work; any other means markup got through.
  await expect.poll(() => [...seen.evil.values()].includes(null), { message: label }).toBe(false)
  const evil = [...seen.evil].map(([request, end]) => `${request.url()} ${end}`)
  expect(evil.filter((line) => firstWall || !/BLOCKED_BY_CSP|csp/i.test(line)), label).toEqual([])
  seen.evil.clear()
  if (firstWall) {
    expect(csp, label).toEqual([])
    expect(await injectedMarkup(page), label).toEqual([])
  }
  checked.set(where, (checked.get(where) ?? 0) + payloads.length)
}

const normal = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()

/** Hovers, focuses and clicks every element of the container, as a shopper might; links to real pages do not leave. */
async function poke(page: Page, selector: string): Promise<void> {
  await page.evaluate((sel) => {
    const root = document.querySelector(sel)
    if (!root) return
    document.addEventListener(
      'click',
      (event) => {
        const link = (event.target as Element).closest('a[href], area[href]')
        if (link && /^(https?:|mailto:|tel:|\/|#|$)/i.test((link.getAttribute('href') ?? '').trim())) event.preventDefault()
      },
      true,
    )
    for (const el of root.querySelectorAll('*')) {
      for (const type of ['mouseover', 'mouseenter', 'focus', 'animationstart']) el.dispatchEvent(new Event(type, { bubbles: true }))
      if (el instanceof HTMLElement) {
        el.focus()
        el.click()
      }
    }
  }, selector)
}

/**
 * Each payload's address, the first loaded whole and hydrated as a shopper's visit would be, the rest reached
 * by the site's own client-side navigation: the same components render the same input from the address, at a
 * fraction of a page load each. `shown` waits for the page to show the payload; `check` then looks for harm.
 */
async function visitEach(page: Page, corpus: readonly Payload[], address: (payload: string) => string, shown: (payload: Payload) => Promise<void>, check: (payload: Payload) => Promise<void>): Promise<void> {
  for (const [index, payload] of corpus.entries()) {
    if (index === 0) {
      await page.goto(address(payload[1]))
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    } else {
      await page.evaluate((to) => (window as unknown as { ___navigate: (to: string) => Promise<void> }).___navigate(to), address(payload[1]))
    }
    await shown(payload)
    await check(payload)
  }
  // Every payload was shown by the page that was first loaded: no navigation fell back to a full load.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1)
}

test.afterAll(() => {
  if (checked.size === 0) return
  const total = [...checked.values()].reduce((a, b) => a + b, 0)
  console.log(`XSS corpus: ${xssCorpus.length} payloads; ${[...checked].map(([place, n]) => `${place} ${n}`).join(', ')}; ${total} checks`)
})

test.describe('editors’ HTML (the promotional phrase)', () => {
  const policy = pagePolicy({ frameAncestors: [], scriptSources: [], platformOrigins: [e2ePlatformUrl], connectOrigins: [] }, [])
  const phrasePage = (markup: string) =>
    `<!DOCTYPE html><html lang="it"><head><meta charset="utf-8"><title>Frase</title></head><body><div data-testid="top-header"><p data-testid="promo-phrase">${markup}</p></div></body></html>`

  /** The phrase shown at the site's origin, as the built top bar shows it, with or without the production CSP. */
  async function showPhrase(page: Page, markup: string, withPolicy: boolean): Promise<void> {
    await page.route('**/__xss/phrase', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers: withPolicy ? { 'content-security-policy': policy } : {}, body: phrasePage(markup) }),
    )
    await page.goto('/__xss/phrase')
    await poke(page, '[data-testid="promo-phrase"]')
    await page.unroute('**/__xss/phrase')
  }

  test('sanitised by the build, with no CSP at all: the sanitiser alone stops every payload', async ({ page }) => {
    const seen = await watch(page)
    for (const payload of xssCorpus) {
      await showPhrase(page, sanitizePhrase(payload[1]), false)
      await expectNothingRan(page, seen, 'promotional phrase, sanitiser without CSP', payload, true)
    }
  })

  test('unsanitised under the production CSP: the policy alone stops every payload', async ({ page }) => {
    const seen = await watch(page)
    for (const payload of xssCorpus) {
      await showPhrase(page, payload[1], true)
      await expectNothingRan(page, seen, 'promotional phrase, raw under CSP', payload, false)
    }
  })

  test('the built top bar shows the sanitised phrase and nothing runs on the page', async ({ page }) => {
    const seen = await watch(page)
    await page.goto('/')
    await expect(page.getByTestId('promo-phrase')).toBeVisible()
    await poke(page, '[data-testid="promo-phrase"]')
    await expectNothingRan(page, seen, 'promotional phrase, built page', ['current content', ''], true)
  })
})

test.describe('a shopper’s input echoed by the storefront', () => {
  test('the search term on /s: in the server\'s HTML, and as the page shows it', async ({ page, request }) => {
    // The server renders the term and the results into the page and embeds them for the browser
    // (serve/searchPage.ts): its HTML for every payload builds nothing a harmless term's does not.
    const baseline = markupOf(await (await request.get('/s?q=crocchette')).text())
    for (const [name, payload] of xssCorpus) {
      const answer = await request.get(`/s?q=${encodeURIComponent(payload)}`)
      expect(answer.status(), name).toBe(200)
      // A term the server does not render (a control character, or a render past its time limit) gets the static page, with fewer scripts.
      expect({ name, ...injectedBeyond(markupOf(await answer.text()), baseline) }).toEqual({ name, handlers: [], added: {} })
    }
    const seen = await watch(page)
    await visitEach(page, xssCorpus, (payload) => `/s?q=${encodeURIComponent(payload)}`, async ([, payload]) => {
      // The title reads "Cerca" until the results arrive, which may be after hydration.
      await expect.poll(async () => normal(await page.getByTestId('search-title').textContent())).toContain(normal(payload))
    }, async (payload) => expectNothingRan(page, seen, 'search term', payload, true))
  })

  test('the search history in the search box', async ({ page }) => {
    const seen = await watch(page)
    for (let i = 0; i < xssCorpus.length; i += SEARCH_HISTORY_SIZE) {
      const batch = xssCorpus.slice(i, i + SEARCH_HISTORY_SIZE)
      await page.goto('/guest-order')
      await page.evaluate(([key, terms]) => localStorage.setItem(key, JSON.stringify(terms)), [SEARCH_HISTORY_KEY, batch.map(([, p]) => p)] as const)
      await page.goto('/')
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
      await page.getByTestId('search-input').first().click()
      const items = page.getByTestId('search-history-item')
      await expect(items).toHaveCount(batch.filter(([, p]) => p.trim() !== '').length)
      const shown = (await items.allTextContents()).map(normal)
      for (const [, p] of batch) expect(shown.some((text) => text.includes(normal(p)))).toBe(true)
      await items.first().hover()
      await expectNothingRan(page, seen, 'search history', batch, true)
    }
  })

  // Both pages show `from` through one component (ErrorPage); /500 also links it back, so it takes the whole corpus
  // and /404 every fifth payload.
  for (const [code, corpus] of [
    ['500', xssCorpus],
    ['404', xssCorpus.filter((_, i) => i % 5 === 0)],
  ] as const) {
    test(`the requested page on /${code}?from=`, async ({ page }) => {
      const seen = await watch(page)
      await visitEach(page, corpus, (payload) => `/${code}?from=${encodeURIComponent(payload)}`, async ([, payload]) => {
        await expect.poll(async () => normal(await page.getByTestId('error-from').textContent())).toBe(normal(payload.slice(0, 300)))
      }, async (payload) => expectNothingRan(page, seen, `/${code} from=`, payload, true))
    })
  }

  test('the postal code or town in the store picker', async ({ page }) => {
    const seen = await watch(page)
    await page.goto('/cane')
    await page.goto((await page.getByTestId('product-card-link').first().getAttribute('href'))!)
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    await page.getByTestId('product-pickup').getByTestId('pickup-open').click()
    const picker = page.getByTestId('store-picker')
    await expect(picker).toBeVisible()
    for (const payload of xssCorpus) {
      await picker.getByTestId('store-search-input').fill(payload[1])
      await picker.getByTestId('store-search-submit').click()
      await expect(picker.getByTestId('store-status')).not.toBeEmpty()
      await expect(picker.getByTestId('store-search-input')).toHaveValue(payload[1])
      await expectNothingRan(page, seen, 'store picker', payload, true)
    }
  })

  test('the order number and email on the guest-order page', async ({ page }) => {
    const seen = await watch(page)
    await page.goto('/guest-order')
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    for (const payload of xssCorpus) {
      await page.getByTestId('guest-order-number').fill(payload[1])
      await page.getByTestId('guest-order-email').fill(payload[1])
      await page.getByTestId('guest-order-submit').click()
      await expect(page.getByTestId('guest-order-problem')).toBeVisible()
      await expectNothingRan(page, seen, 'guest-order page', payload, true)
    }
  })
})
