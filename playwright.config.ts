/**
 * Browser journeys in Debian's Chromium. The web server is the real thing:
 * `serve/start.ts` starts the embedded platform on a throwaway in-memory
 * database, builds the site from it and serves site and Functions, all on
 * loopback ports of their own. Only here does the platform get an admin token
 * and an outage control (serve/platformControl.ts). E2E_REUSE_BUILD=1
 * serves the last build instead of building again.
 */
import { defineConfig, devices } from '@playwright/test'
import {
  e2eAdminToken,
  e2eControlFile,
  e2eHost as host,
  e2ePlatformPort as platformPort,
  e2ePrebuiltProducts,
  e2eReportDsn,
  e2eSeedProducts,
  e2eSitePort as sitePort,
} from './tests/e2e/support/env'

const baseURL = `http://${host}:${sitePort}`
const faultJourneys = 'faults.spec.ts'

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

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'it-IT',
    screenshot: 'only-on-failure',
    // The service worker answers page data and files itself, and a page.route() never sees what a service worker
    // answers: journeys that slow or fail page data to reach a state would no longer reach it. The offline
    // journeys (tests/e2e/offline.spec.ts) allow it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    { name: 'desktop', testIgnore: faultJourneys, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
    { name: 'phone', testIgnore: faultJourneys, use: { ...devices['Pixel 5'], viewport: { width: 375, height: 740 } } },
    // The fault journeys (`npm run test:faults`): one viewport is enough to drill the platform's outages.
    { name: 'faults', testMatch: faultJourneys, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: 'npx tsx serve/start.ts',
    url: baseURL,
    timeout: 15 * 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: host,
      SITE_PORT: String(sitePort),
      PLATFORM_PORT: String(platformPort),
      PLATFORM_DATA_DIR: 'memory://',
      SEED_PRODUCTS: String(e2eSeedProducts),
      // The last product pages are deferred: rendered by the server through Gatsby's engines on their first request.
      PREBUILD_PRODUCTS: String(e2ePrebuiltProducts),
      // Journeys may change stock and prices, and take the platform down and back up.
      PLATFORM_ADMIN_TOKEN: e2eAdminToken,
      PLATFORM_CONTROL_FILE: e2eControlFile,
      // `npm test` runs the fault journeys right after the others, over the site they just built.
      ...(process.env.E2E_REUSE_BUILD === '1' ? { SKIP_BUILD: '1' } : {}),
      // Adds the page that throws a render error, for the error-boundary journey.
      RENDER_ERROR_PROBE: '1',
      // Every error is reported, to the stand-in the error-reporting journey starts.
      GATSBY_SENTRY_DSN: e2eReportDsn,
      GATSBY_SENTRY_SAMPLE_RATE: '1',
    },
  },
})
