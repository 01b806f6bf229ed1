/**
 * The HTML itself: no page, built ahead or rendered on request, carries a NUL
 * byte (React 18's renderer can leave some at a buffer boundary; see
 * src/build/html.ts). A NUL stops the Nu checker and some crawlers.
 */
import { expect, test } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { e2ePlatformUrl, e2ePrebuiltProducts } from './support/env'

/** Every HTML file the build wrote (over a hundred: a build that wrote fewer is not the site's). */
function builtHtmlFiles(): string[] {
  const files = readdirSync('public', { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name))
  expect(files.length).toBeGreaterThan(100)
  return files
}

test('no HTML file of the build and no page the server renders carries a NUL byte', async ({ request }) => {
  const files = builtHtmlFiles()
  const withNul = files.filter((file) => readFileSync(file).includes(0))
  expect(withNul).toEqual([])

  const catalog = (await (await fetch(`${e2ePlatformUrl}/api/catalog/products?page=0&pageSize=500`)).json()) as { items: { slug: string }[] }
  const deferred = catalog.items.slice(e2ePrebuiltProducts).slice(0, 10)
  expect(deferred.length).toBeGreaterThan(0)
  for (const url of ['/', '/cane', '/s?q=crocchette', `/${catalog.items[0]!.slug}/p`, ...deferred.map((p) => `/${p.slug}/p`)]) {
    const answer = await request.get(url)
    expect(answer.status(), url).toBe(200)
    expect((await answer.body()).includes(0), url).toBe(false)
  }
})

/**
 * A Suspense boundary in the server's HTML hydrates last, at idle priority, and a context change above it
 * before then (any panel opened: the panel state is a context around the page) makes React drop its HTML
 * and render it again (React error 421): a flash, or the results of a search page gone until its code is
 * in (search.spec covers a panel opened then). So the server renders none.
 */
test('no page has a Suspense boundary in its HTML, built ahead or rendered on request', async ({ request }) => {
  const files = builtHtmlFiles()
  // React's marks of a boundary: rendered, pending, or given up on the server.
  const boundary = /<!--\$[?!]?-->/
  expect(files.filter((file) => boundary.test(readFileSync(file, 'utf8')))).toEqual([])
  const catalog = (await (await fetch(`${e2ePlatformUrl}/api/catalog/products?page=0&pageSize=500`)).json()) as { items: { slug: string }[] }
  for (const url of ['/', '/cane', '/s?q=crocchette', `/${catalog.items[0]!.slug}/p`, `/${catalog.items[e2ePrebuiltProducts]!.slug}/p`]) {
    expect(await (await request.get(url)).text(), url).not.toMatch(boundary)
  }
})
