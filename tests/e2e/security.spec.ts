/**
 * The Content-Security-Policy of the production server lets every page run
 * what it needs: each page hydrates (its inline scripts are allowed by hash,
 * never 'unsafe-inline'), the services-booking page runs the scripts its
 * content lists, and the browser reports no policy violation anywhere.
 */
import { expect, test, type Page } from '@playwright/test'
import { e2ePlatformUrl } from './support/env'

async function firstProductPath(): Promise<string> {
  const response = await fetch(`${e2ePlatformUrl}/api/catalog/search?pageSize=1`)
  const { products } = (await response.json()) as { products: { slug: string }[] }
  return `/${products[0]!.slug}/p`
}

/** Collects violations from the page's own event and from the console, from before the first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const found: string[] = []
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`)
    })
  })
  page.on('console', (message) => {
    const text = message.text()
    if (/Content Security Policy|CSP violation/i.test(text)) found.push(text)
  })
  return found
}

const pages = [
  ['home', async () => '/'],
  ['product', firstProductPath],
  ['category', async () => '/cane'],
  ['search', async () => '/s?q=crocchette'],
  ['services booking', async () => '/prenota-servizi'],
] as const

for (const [name, pathOf] of pages) {
  test(`${name}: hydrates under the CSP with no violation`, async ({ page }) => {
    const violations = await watchViolations(page)
    const response = await page.goto(await pathOf())
    const csp = response!.headers()['content-security-policy'] ?? ''
    expect(csp).toMatch(/script-src 'self'( [^;]*)? 'sha256-/)
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline')
    expect(response!.headers()['x-content-type-options']).toBe('nosniff')
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
    if (name === 'services booking') {
      // The booking provider's script (listed in cms/services-booking.json) ran.
      await expect(page.getByTestId('booking-form')).toBeVisible()
    }
    await page.waitForLoadState('networkidle')
    expect(violations).toEqual([])
  })
}

test('an inline script the build did not make is blocked (the policy is enforced)', async ({ page }) => {
  const violations = await watchViolations(page)
  await page.goto('/')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.__injected = true'
    document.body.appendChild(script)
  })
  await expect.poll(() => violations.length).toBeGreaterThan(0)
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined()
})

test('an address or a returnUrl whose path reads as another host keeps the browser on the shop', async ({ page }, info) => {
  const site = info.project.use.baseURL!
  const offSite: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === 'evil.example') offSite.push(`${request.method()} ${request.url()}`)
  })
  await page.route('http://evil.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!DOCTYPE html><title>evil</title>' }))

  // The storefront's one-address-per-page redirect: no page there, no Location, and a 404 page that runs no
  // script (the site's runtime, started at such an address, would ask another host for it).
  for (const path of ['//evil.example/', '///evil.example/', '/%2F%2Fevil.example/', '/%5Cevil.example/', '//evil.example/?a=1']) {
    const answer = await page.goto(`${site}${path}`)
    expect([path, answer?.status(), new URL(page.url()).origin]).toEqual([path, 404, new URL(site).origin])
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible()
    await page.getByRole('link', { name: 'Torna alla home page' }).click()
    await expect(page).toHaveURL(`${site}/`)
  }

  // The platform's logout sends the shopper back to a returnUrl on the storefront, which must not lead on elsewhere.
  await page.goto(`${e2ePlatformUrl}/logout?returnUrl=${encodeURIComponent(`${site}//evil.example/`)}`)
  await page.getByRole('button', { name: 'Esci' }).click()
  await expect(page).toHaveURL(`${e2ePlatformUrl}/login`)
  expect(offSite).toEqual([])
})
