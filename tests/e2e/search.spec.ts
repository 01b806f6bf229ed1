/**
 * The search page answered with its results (req SEARCH-13): its first page of results is in the HTML
 * the server sends, so it shows without JavaScript and before hydration; with JavaScript the results
 * hydrate in place (the same DOM nodes, no request for them); hostile queries get the search page, never
 * a 5xx; other views and searches are still asked of the Function.
 */
import { expect, test, type Page, type Request } from '@playwright/test'
import { holdChunk, hydrationProblems } from './support/hydration'
import { oneWidth } from './support/widths'
import { severeViolations } from './support/axe'

interface Answer {
  total: number
  products: { id: string }[]
}

const cards = (page: Page) => page.getByTestId('product-card')
const cardIds = (page: Page) => cards(page).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-product-id')))
const isResultsRequest = (request: Request) => new URL(request.url()).pathname === '/api/search/results'

async function answerFor(page: Page, query: string): Promise<Answer> {
  const response = await page.request.get(`/api/search/results?${query}`)
  expect(response.status()).toBe(200)
  return (await response.json()) as Answer
}

/** Before any script of the page: every product card the HTML parser adds (`__cards`), and every one removed (`__removedCards()`). */
async function watchCards(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<Element>()
    let removed = 0
    Object.assign(window, { __cards: seen, __removedCards: () => removed })
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue
          if (node.matches('[data-testid="product-card"]')) seen.add(node)
          node.querySelectorAll('[data-testid="product-card"]').forEach((card) => seen.add(card))
        }
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.matches('[data-testid="product-card"]') || node.querySelector('[data-testid="product-card"]'))) removed++
        }
      }
    }).observe(document, { childList: true, subtree: true })
  })
}

test('without JavaScript, /s?q=crocchette carries its first page of results, pages on by plain links and stays noindex', oneWidth, async ({ browser, page }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() ?? undefined })
  const noScript = await context.newPage()
  const answer = await answerFor(page, 'q=crocchette&sort=score_desc&page=0')
  expect(answer.total).toBeGreaterThan(24)

  const response = await noScript.goto('/s?q=crocchette')
  expect(response?.status()).toBe(200)
  await expect(noScript.getByTestId('search-title')).toHaveText('Risultati per «crocchette»')
  await expect(noScript.getByTestId('results-count')).toHaveText(`${answer.total} prodotti`)
  expect(await cardIds(noScript)).toEqual(answer.products.map((product) => product.id))
  await expect(noScript.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  // The answer is in the page for the browser to hydrate from; it cannot end its script.
  const embedded = JSON.parse((await noScript.locator('script#served-search').textContent()) ?? 'null') as { path: string; results: Answer }
  expect(embedded.path).toBe('/s?q=crocchette&sort=score_desc&page=0')
  expect(embedded.results.products.map((product) => product.id)).toEqual(answer.products.map((product) => product.id))

  // Page 2 is a plain link, answered by the server with its own results.
  await noScript.getByTestId('page-next').click()
  await expect(noScript).toHaveURL(/page=1/)
  const second = await answerFor(page, 'q=crocchette&sort=score_desc&page=1')
  expect(await cardIds(noScript)).toEqual(second.products.map((product) => product.id))
  await context.close()
})

test('hostile or refused queries get the search page without results, never a 5xx', oneWidth, async ({ browser, page }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const noScript = await context.newPage()
  const queries = [
    `q=${'crocchette'.repeat(400)}`,
    'q=crocchette%00%1B%0D%0ASet-Cookie:%20x=1',
    `q=${encodeURIComponent('</script><script>window.__xss=1</script><img src=x onerror="window.__xss=1">')}`,
    'q=crocchette&facets=colore&colore=rosso',
    'q=crocchette&facets=brand&brand=nessuna-marca',
    'q=crocchette&sort=nope&page=-4',
  ]
  for (const query of queries) {
    const response = await noScript.goto(`/s?${query}`)
    expect(response?.status(), query).toBe(200)
    await expect(noScript.locator('meta[name="robots"]'), query).toHaveAttribute('content', /noindex/)
    await expect(noScript.getByTestId('search-title'), query).toBeVisible()
  }
  await context.close()

  // With JavaScript, the markup in a term stays text.
  await page.goto(`/s?${queries[2]}`)
  await expect(page.getByTestId('listing')).toHaveAttribute('data-hydrated', 'true')
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
  await expect(page.getByTestId('search-title')).toContainText('</script>')
})

test('with JavaScript the first page’s results hydrate in place: no request for them, the same nodes, then page 2, back and another search', async ({ page }) => {
  const resultsRequests: string[] = []
  const parserChunks: string[] = []
  page.on('request', (request) => {
    if (isResultsRequest(request)) resultsRequests.push(request.url())
    if (/\/parser-[0-9a-f]{20}\.js$/.test(request.url())) parserChunks.push(request.url())
  })
  await watchCards(page)

  await page.goto('/s?q=crocchette')
  const listing = page.getByTestId('listing')
  await expect(listing).toHaveAttribute('data-hydrated', 'true')
  await expect(listing).toHaveAttribute('aria-busy', 'false')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.waitForLoadState('networkidle')
  const answer = await answerFor(page, 'q=crocchette&sort=score_desc&page=0')
  expect(await cardIds(page)).toEqual(answer.products.map((product) => product.id))
  // The answer was parsed (the parser chunk loaded), not asked for again, and the server's nodes are React's now.
  expect(resultsRequests).toEqual([])
  expect(parserChunks.length).toBeGreaterThan(0)
  const sameNodes = await page.evaluate(() => {
    const now = [...document.querySelectorAll('[data-testid="product-card"]')]
    const before = (window as unknown as { __cards: Set<Element> }).__cards
    return { count: now.length, seen: before.size, same: now.every((card) => before.has(card)) }
  })
  expect(sameNodes).toEqual({ count: answer.products.length, seen: answer.products.length, same: true })
  expect(await page.evaluate(() => (window as unknown as { __removedCards(): number }).__removedCards())).toBe(0)

  // Page 2 is asked of the Function, as before.
  await page.getByTestId('page-next').click()
  await expect(page).toHaveURL(/page=1/)
  await expect(listing).toHaveAttribute('aria-busy', 'false')
  const second = await answerFor(page, 'q=crocchette&sort=score_desc&page=1')
  await expect.poll(() => cardIds(page)).toEqual(second.products.map((product) => product.id))
  expect(resultsRequests).toHaveLength(1)
  // Back to the first page: the served answer is kept with the views seen, nothing is asked.
  await page.goBack()
  await expect(page).toHaveURL(/\/s\?q=crocchette$/)
  await expect.poll(() => cardIds(page)).toEqual(answer.products.map((product) => product.id))
  expect(resultsRequests).toHaveLength(1)

  // Another search from the box shows its own results.
  const box = page.getByTestId('search-box').filter({ visible: true }).first()
  await box.getByTestId('search-input').fill('lettiera')
  await box.getByTestId('search-input').press('Enter')
  await expect(page).toHaveURL(/\/s\?q=lettiera$/)
  await expect(page.getByTestId('search-title')).toHaveText('Risultati per «lettiera»')
  const litter = await answerFor(page, 'q=lettiera&sort=score_desc&page=0')
  await expect.poll(() => cardIds(page)).toEqual(litter.products.map((product) => product.id))
  expect(resultsRequests.some((url) => url.includes('q=lettiera'))).toBe(true)
})

test('before hydration the results are on screen and page 2 is a link that works', async ({ page }) => {
  // Every page-data request held back: the page is loaded, React has not hydrated it.
  await page.route('**/page-data/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    await route.continue().catch(() => undefined)
  })
  await page.goto('/s?q=crocchette', { waitUntil: 'load' })
  expect(await page.evaluate(() => window.__hydrated === true)).toBe(false)
  const answer = await answerFor(page, 'q=crocchette&sort=score_desc&page=0')
  expect(await cardIds(page)).toEqual(answer.products.map((product) => product.id))
  await expect(page.getByTestId('results-count')).toHaveText(`${answer.total} prodotti`)
  await page.getByTestId('page-next').click()
  await expect(page).toHaveURL(/page=1/)
  const second = await answerFor(page, 'q=crocchette&sort=score_desc&page=1')
  await expect.poll(() => cardIds(page)).toEqual(second.products.map((product) => product.id))
})

test('the served results wait for the parser with the page unhydrated: a panel tapped meanwhile opens once it is in, and the results hydrate in place', async ({ page }) => {
  const problems = hydrationProblems(page)
  // The parser's chunk held back: the browser asks for it as it starts, and the page's hydration waits for it.
  const release = await holdChunk(page, 'parser')
  await watchCards(page)
  await page.goto('/s?q=crocchette', { waitUntil: 'domcontentloaded' })
  // Gatsby's runtime has started (its loader is out), and had the time to fetch the page's resources.
  await expect.poll(() => page.evaluate(() => '___loader' in window)).toBe(true)
  await page.waitForTimeout(1_000)
  const answer = await answerFor(page, 'q=crocchette&sort=score_desc&page=0')
  expect(await cardIds(page)).toEqual(answer.products.map((product) => product.id))
  // The page's own code is in, the parser is not: the page waits unhydrated, and a tap on the drawer is kept.
  expect(await page.evaluate(() => window.__hydrated === true)).toBe(false)
  await page.getByTestId('drawer-button').click()
  await page.waitForTimeout(300)
  await expect(page.getByRole('dialog', { name: 'Tutte le categorie' })).toHaveCount(0)
  expect(await cardIds(page)).toEqual(answer.products.map((product) => product.id))
  release()
  await expect(page.getByRole('dialog', { name: 'Tutte le categorie' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('listing')).toHaveAttribute('data-hydrated', 'true')
  expect(await cardIds(page)).toEqual(answer.products.map((product) => product.id))
  expect(await page.evaluate(() => (window as unknown as { __removedCards(): number }).__removedCards())).toBe(0)
  expect(problems).toEqual([])
})

test('a term that finds nothing offers searches that do and the top categories, and one of them leads to its results', async ({ page }) => {
  await page.goto('/s?q=cibo%20qwzxv')
  const empty = page.getByTestId('search-empty')
  await expect(empty.getByRole('heading', { level: 2, name: 'Nessun risultato per «cibo qwzxv»' })).toBeVisible()
  const offered = empty.getByTestId('search-alternatives').getByRole('link')
  await expect(offered.first()).toBeVisible()
  const first = (await offered.first().textContent())!
  expect(first).toMatch(/^cibo/)
  await expect(empty.getByTestId('category-link').first()).toBeVisible()
  expect(await severeViolations(page, { include: '[data-testid="search-empty"]' })).toEqual([])
  await page.screenshot({ path: `test-results/screens/${test.info().project.name}-search-nothing.png` })

  // Hydrated or not, the offered search is a plain link: the shopper lands on its results.
  await offered.first().click()
  await page.waitForURL((url) => url.pathname === '/s' && url.searchParams.get('q') === first)
  await expect(page.getByTestId('search-title')).toHaveText(`Risultati per «${first}»`)
  await expect(page.getByTestId('product-card').first()).toBeVisible()

  // The server renders the offer into the page, so a phone without JavaScript gets it too.
  expect(await (await page.request.get('/s?q=cibo%20qwzxv')).text()).toContain('Prova a cercare')
})

test('a typo is forgiven: crochette shows what crocchette finds, asks whether the shopper meant crocchette and links to that search', async ({ page }) => {
  const exact = await answerFor(page, 'q=crocchette&sort=score_desc&page=0')
  expect(exact.total).toBeGreaterThan(0)
  await page.goto('/')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  const input = page.getByTestId('search-input')
  await input.fill('crochette')
  await input.press('Enter')
  await page.waitForURL(/\/s\?q=crochette$/)
  await expect(page.getByTestId('search-title')).toHaveText('Risultati per «crochette»')
  const correction = page.getByTestId('search-correction')
  await expect(correction).toHaveText('Forse cercavi «crocchette»?')
  await expect(page.getByTestId('results-count')).toHaveText(`${exact.total} prodotti`)
  expect(await cardIds(page)).toEqual(exact.products.map((product) => product.id))
  await page.screenshot({ path: `test-results/screens/${test.info().project.name}-search-typo.png` })

  await correction.getByRole('link', { name: '«crocchette»' }).click()
  await page.waitForURL(/\/s\?q=crocchette$/)
  await expect(page.getByTestId('search-title')).toHaveText('Risultati per «crocchette»')
  await expect(page.getByTestId('results-count')).toHaveText(`${exact.total} prodotti`)
  await expect(page.getByTestId('search-correction')).toHaveCount(0)

  // Served by the server with its results, the corrected search asks the same without JavaScript.
  const served = await page.request.get('/s?q=crochette')
  expect(await served.text()).toContain('Forse cercavi')
})
