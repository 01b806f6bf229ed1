/**
 * The editing screen's browser journeys (`npm run test:editor`): its own
 * server on a throwaway git copy of cms/, in Debian's Chromium.
 */
import { defineConfig, devices } from '@playwright/test'
import { browserUse } from './playwright.config'
import { editorUrl } from './tests/editor/env'

export default defineConfig({
  testDir: 'tests/editor',
  // The publish journeys need the whole shop: playwright.publish.config.ts.
  testIgnore: 'publish.spec.ts',
  outputDir: 'test-results/editor',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: browserUse(editorUrl),
  projects: [{ name: 'editor', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } }],
  webServer: { command: 'node_modules/.bin/tsx tests/editor/server.ts', url: `${editorUrl}/login`, timeout: 60_000, reuseExistingServer: false, stdout: 'ignore', stderr: 'pipe', gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 } },
})
