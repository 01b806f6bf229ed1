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
