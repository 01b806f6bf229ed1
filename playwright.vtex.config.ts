/**
 * The storefront on VTEX (`npm run test:vtex`): scripts/vtex-sandbox.ts starts
 * the VTEX simulator, then builds and serves the site with `COMMERCE=vtex
 * COMMERCE_LOYALTY=embedded` in a folder of its own, and these journeys shop
 * it in Debian's Chromium, on a desktop viewport.
 */
import { defineConfig, devices } from '@playwright/test'
import { shopperUse } from './playwright.config'
import { vtexServerEnv, vtexSiteUrl as baseURL } from './tests/vtex/env'

export default defineConfig({
  testDir: 'tests/vtex',
  outputDir: 'test-results/vtex',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // A shopper who already refused the optional cookies, as in the embedded journeys.
  use: shopperUse(baseURL),
  projects: [{ name: 'vtex', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  webServer: {
    command: 'node_modules/.bin/tsx scripts/vtex-sandbox.ts',
    url: baseURL,
    timeout: 15 * 60_000,
    // E2E_VTEX_REUSE_SERVER=1 runs the journeys against a sandbox already serving on these ports.
    reuseExistingServer: process.env.E2E_VTEX_REUSE_SERVER === '1',
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: vtexServerEnv(),
  },
})
