/**
 * Error reporting in a real browser: the journeys' build reports every error
 * (sample rate 1) to a stand-in of the error-reporting service, started here
 * on its port. A render error reaches it, tagged with the page type, before
 * the shopper lands on /500; nothing personal travels with it; a page that
 * works never loads the reporting SDK.
 */
import { createServer, type Server } from 'node:http'
import { expect, test } from '@playwright/test'
import { e2eHost, e2eReportPort } from './support/env'

interface Envelope {
  path: string
  items: Record<string, unknown>[]
}

let collector: Server
const envelopes: Envelope[] = []

test.beforeAll(async () => {
  collector = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean)
      const items = lines.flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>]
        } catch {
          return []
        }
      })
      if (request.method === 'POST') envelopes.push({ path: request.url ?? '', items })
      response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => collector.listen(e2eReportPort, e2eHost, resolve))
})

test.afterAll(async () => {
  collector.closeAllConnections()
  await new Promise((resolve) => collector.close(resolve))
})

test.beforeEach(() => {
  envelopes.length = 0
})

const events = () => envelopes.flatMap((e) => e.items.filter((item) => 'exception' in item)) as {
  tags?: Record<string, string>
  environment?: string
  user?: unknown
  request?: { url?: string; headers?: unknown }
  breadcrumbs?: unknown
  exception: { values: { type: string; value: string }[] }
}[]

test('a render error is reported with its page type and nothing personal, then the shopper lands on /500', async ({ page }) => {
  const sdkChunks: string[] = []
  page.on('request', (request) => {
    if (/error-reporting/.test(request.url())) sdkChunks.push(request.url())
  })
  await page.goto('/prova/errore-di-rendering?q=mario.rossi%40example.it')
  await expect(page).toHaveURL(/\/500\?from=/)
  await expect.poll(() => events().length).toBeGreaterThan(0)
  const [event] = events()
  expect(envelopes[0]!.path.split('?')[0]).toBe('/api/1/envelope/')
  expect(event!.tags).toMatchObject({ where: 'render' })
  expect(event!.tags?.pageType).toEqual(expect.any(String))
  expect(event!.environment).toBe('production')
  expect(event!.user).toBeUndefined()
  expect(event!.breadcrumbs).toBeUndefined()
  expect(JSON.stringify(event)).not.toContain('mario.rossi')
  expect(event!.request?.url ?? '').not.toContain('?')
  expect(sdkChunks.length).toBeGreaterThan(0)
})

test('a page that works loads no reporting code and sends nothing', async ({ page }) => {
  const sdkChunks: string[] = []
  page.on('request', (request) => {
    if (/error-reporting/.test(request.url())) sdkChunks.push(request.url())
  })
  await page.goto('/')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.waitForTimeout(500)
  expect(sdkChunks).toEqual([])
  expect(envelopes).toEqual([])
})

test('an unhandled rejection in the page is reported too', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.evaluate(() => {
    void Promise.reject(new Error('rifiuto non gestito'))
  })
  await expect.poll(() => events().map((e) => e.tags?.where)).toContain('unhandledrejection')
  expect(events().find((e) => e.tags?.where === 'unhandledrejection')?.exception.values[0]?.value).toBe('rifiuto non gestito')
})
