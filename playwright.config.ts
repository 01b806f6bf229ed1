/**
 * Browser journeys in Debian's Chromium. The web server is the real thing:
 * `supervisor/start.ts` starts the embedded platform on a throwaway in-memory
 * database, builds the site from it and serves site and Functions, all on
 * loopback ports of their own. Only here does the platform get an admin token
 * and an outage control (tests/support/platformControl.ts). E2E_REUSE_BUILD=1
 * serves the last build instead of building again.
 */
import { existsSync } from 'node:fs'
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test'
import { e2eHost as host, e2eServerEnv, e2eSitePort as sitePort } from './tests/e2e/support/env'
import { CONSENT_KEY, choiceOf } from './tests/e2e/support/consent'
import { ONE_WIDTH_TAG } from './tests/e2e/support/widths'

const baseURL = `http://${host}:${sitePort}`
const faultJourneys = 'faults.spec.ts'
/**
 * The journeys that change what every other one sees, so they run in a pass of their own, one at a time: the
 * platform taken down or slowed (cart-robustness, added-to-cart), a sku's price and stock and the seed
 * customers' carts (cart), a seed customer's favourite store (stores), and the stand-ins listening on the
 * ports the build names (consent's tag manager, error-reporting's collector).
 */
const journeysAlone = ['cart.spec.ts', 'cart-robustness.spec.ts', 'added-to-cart.spec.ts', 'stores.spec.ts', 'consent.spec.ts', 'error-reporting.spec.ts']
/**
 * The journeys whose pages and answers do not change with the width run at 1280 px only: the server's headers
 * and policies (security, html), the first-load budgets, the XSS corpus, analytics events, the offline worker,
 * guest carts bound to their browser, error reports and the cart through the platform's outages. The others
 * run at 375 px too, where the header, panels and listings take another shape, except the journeys tagged
 * ONE_WIDTH_TAG, whose every step is the same at any width (tests/e2e/support/widths.ts).
 */
const desktopOnly = ['security.spec.ts', 'html.spec.ts', 'budgets.spec.ts', 'xss.spec.ts', 'analytics.spec.ts', 'offline.spec.ts', 'cart-binding.spec.ts', 'error-reporting.spec.ts', 'cart-robustness.spec.ts']
const oneWidthOnly = new RegExp(ONE_WIDTH_TAG)
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } }
const phone = { ...devices['Pixel 5'], viewport: { width: 375, height: 740 } }

// The service worker's own requests are seen (and taken offline by context.setOffline) only with
// Playwright's service-worker network events on (microsoft/playwright#2311); the offline journey needs them.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1'

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

type Use = NonNullable<PlaywrightTestConfig['use']>

/**
 * The journeys' browser: CHROME_PATH when set; otherwise Debian's chromium-headless-shell, Chromium's own
 * headless build (the same Blink and V8 without the desktop browser around them), which runs the journeys in
 * about a quarter less time on this machine (docs/testing.md); Debian's chromium when the shell is not
 * installed. `npm run bench:lighthouse` measures pages in the full chromium, as shoppers' browsers are.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
export const journeyBrowser = process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')

/**
 * What every suite's browser shares: Debian's Chromium, Italian, a screenshot kept when a journey fails. No
 * trace: recording one for every journey, even to keep only a failure's, made them take 30 % longer on this
 * machine; `--trace on` records them when a failure needs one (docs/testing.md).
 */
export const browserUse = (baseURL: string): Use => ({
  baseURL,
  locale: 'it-IT',
  screenshot: 'only-on-failure',
  trace: 'off',
  launchOptions: { executablePath: journeyBrowser, args: chromiumArgs },
})

/** A shopper's browser on the storefront at `baseURL`. */
export const shopperUse = (baseURL: string): Use => ({
  ...browserUse(baseURL),
  // The service worker answers page data and files itself, and a page.route() never sees what a service worker
  // answers: journeys that slow or fail page data to reach a state would no longer reach it. The offline
  // journeys (tests/e2e/offline.spec.ts) allow it.
  serviceWorkers: 'block',
  // A shopper who already refused the optional cookies, so the banner covers nothing the other journeys tap;
  // the consent journey (tests/e2e/consent.spec.ts) starts from a first visit.
  storageState: { cookies: [], origins: [{ origin: baseURL, localStorage: [{ name: CONSENT_KEY, value: JSON.stringify(choiceOf(false, false, Date.now())) }] }] },
})

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two journeys at a time, each in a browser of its own on the one server and platform: a file's journeys run
  // in order on one worker. The files that change what every other journey sees run in a pass of their own,
  // one at a time (`npm run test:e2e`, scripts/test-e2e.ts).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: shopperUse(baseURL),
  projects: [
    { name: 'desktop', testIgnore: [faultJourneys, ...journeysAlone], use: desktop },
    { name: 'phone', testIgnore: [faultJourneys, ...journeysAlone, ...desktopOnly], grepInvert: oneWidthOnly, use: phone },
    { name: 'desktop-alone', testMatch: journeysAlone, use: desktop },
    { name: 'phone-alone', testMatch: journeysAlone.filter((file) => !desktopOnly.includes(file)), grepInvert: oneWidthOnly, use: phone },
    // The fault journeys (`npm run test:faults`): one viewport is enough to drill the platform's outages.
    { name: 'faults', testMatch: faultJourneys, use: desktop },
  ],
  webServer: {
    command: 'npx tsx supervisor/start.ts',
    url: baseURL,
    timeout: 15 * 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: e2eServerEnv(),
  },
})
