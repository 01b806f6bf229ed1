/**
 * The publish journeys (`npm run test:editor` runs them after the screen's
 * own): the editing screen, the production server running the rebuilds and
 * the platform, all started by tests/editor/site.ts on the journeys' ports,
 * in Debian's Chromium. The first start builds the site (minutes); a later one
 * rebuilds from Gatsby's cache.
 */
import { defineConfig, devices } from '@playwright/test'
import { browserUse } from './playwright.config'
import { editorUrl } from './tests/editor/env'

export default defineConfig({
  testDir: 'tests/editor',
  testMatch: 'publish.spec.ts',
  outputDir: 'test-results/publish',
  timeout: 300_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: browserUse(editorUrl),
  projects: [{ name: 'publish', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  webServer: { command: 'node_modules/.bin/tsx tests/editor/site.ts', url: `${editorUrl}/login`, timeout: 15 * 60_000, reuseExistingServer: false, stdout: 'pipe', stderr: 'pipe', gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 } },
})
