/**
 * First-load JavaScript budgets (tests/e2e/budgets.json). Bytes are
 * deterministic, so they are checked here, on the build the journeys run
 * against; scores and timings are not, so they stay in the benchmarks. A
 * page's first-load JavaScript is what it runs before it is interactive: the
 * app's chunks (webpack runtime, React, the app), its page component's chunks
 * and the inline scripts of its HTML, each gzipped at level 9.
 */
import { expect, test } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { COMPILE_HINT } from '../../src/build/compileHints'
import { drawerTexts } from '../../src/config/texts/drawer'
import { guestOrderTexts } from '../../src/config/texts/guestOrder'
import { pagesTexts } from '../../src/config/texts/pages'
import { storesTexts } from '../../src/config/texts/stores'
import { pickProduct } from './support/cart'

interface Budget {
  path: string
  component: string
  maxKiB: number
}

/** The most first-load JavaScript any page type may carry, gzip (docs/performance.md). */
const CEILING_KIB = 100
const publicDir = path.resolve('public')
const budgets = JSON.parse(readFileSync(path.resolve('tests/e2e/budgets.json'), 'utf8')) as Record<string, Budget | string>
const stats = JSON.parse(readFileSync(path.join(publicDir, 'webpack.stats.json'), 'utf8')) as { namedChunkGroups: Record<string, { assets: { name: string }[] }> }

const gzipped = (data: Buffer | string) => gzipSync(data, { level: 9 }).length
const chunksOf = (group: string) => (stats.namedChunkGroups[group]?.assets ?? []).map((a) => a.name).filter((name) => name.endsWith('.js'))
/** A page type's first-load chunks: the app's and its page component's. */
const firstLoadChunks = (budget: Budget) => [...new Set([...chunksOf('app'), ...chunksOf(budget.component)])]
/** Every chunk some page type's first load holds, once each. */
const everyFirstLoadChunk = () => [...new Set(Object.values(budgets).flatMap((budget) => (typeof budget === 'string' ? [] : firstLoadChunks(budget))))]
/** The parser's chunks but those a page's first load already holds, which its group names too. */
const parserOwnChunks = () => {
  const firstLoad = new Set(everyFirstLoadChunk())
  return chunksOf('parser').filter((file) => !firstLoad.has(file))
}
/** The files' text, joined. */
const textOf = (files: string[]) => files.map((file) => readFileSync(path.join(publicDir, file), 'utf8')).join('')
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').join('')

test('first-load JavaScript of each page type stays within its budget', async ({ request }) => {
  const { product } = await pickProduct(() => true)
  const report: string[] = []
  const over: string[] = []
  for (const [name, budget] of Object.entries(budgets)) {
    if (typeof budget === 'string') continue
    // A budget may only come down, and never above the ceiling every page type is held to.
    expect(budget.maxKiB, `${name}: its budget is within ${CEILING_KIB} KiB`).toBeLessThanOrEqual(CEILING_KIB)
    const url = budget.path === 'product' ? `/${product.slug}/p` : budget.path
    const html = await (await request.get(url)).text()
    expect(html, `${name}: the page names its component`).toContain(budget.component.replace(/^component---/, ''))
    const files = firstLoadChunks(budget)
    expect(files.length, `${name}: chunks found in webpack.stats.json`).toBeGreaterThan(2)
    const bytes = files.reduce((sum, file) => sum + gzipped(readFileSync(path.join(publicDir, file))), 0) + gzipped(inlineScripts(html))
    const kib = bytes / 1024
    report.push(`${name} ${kib.toFixed(2)} KiB (budget ${budget.maxKiB})`)
    if (kib > budget.maxKiB) over.push(`${name}: ${kib.toFixed(2)} KiB > ${budget.maxKiB} KiB`)
  }
  console.log(`first-load JavaScript, gzip: ${report.join('; ')}`)
  expect(over).toEqual([])
})

 
test('every first-load script starts with V8’s compile hint, so its functions compile off the main thread', async () => {
  const files = everyFirstLoadChunk()
  expect(files.length).toBeGreaterThan(4)
  const without = files.filter((file) => !readFileSync(path.join(publicDir, file), 'utf8').startsWith(COMPILE_HINT))
  expect(without).toEqual([])
})

 
test('the parser is not in any page’s first load (req PERF-01)', async () => {
  const parser = parserOwnChunks()
  expect(parser.length, 'the parser is a chunk of its own').toBeGreaterThan(0)
  const parserText = textOf(parser)
  // The name zod gives its base schema class, which only its code carries.
  expect(parserText).toContain('$ZodType')
  for (const budget of Object.values(budgets)) {
    if (typeof budget === 'string') continue
    const files = firstLoadChunks(budget)
    expect(files.filter((file) => parser.includes(file)), `${budget.component} loads the parser first`).toEqual([])
    const text = textOf(files)
    expect(text, `${budget.component} carries zod`).not.toContain('$ZodType')
  }
})

 
test('the wire’s schemas load with the parser, in no page’s first load (req PERF-01)', async () => {
  // Messages only the schemas' definitions carry: a store id's (src/wire/store.ts) and a cart line's
  // quantity (src/wire/inputs.ts).
  const definitions = ['storeId may hold only letters, digits, hyphens and underscores', 'quantity must be a whole number']
  const parserText = textOf(parserOwnChunks())
  for (const definition of definitions) expect(parserText, 'the parser chunk holds the schemas').toContain(definition)
  for (const budget of Object.values(budgets)) {
    if (typeof budget === 'string') continue
    const text = textOf(firstLoadChunks(budget))
    for (const definition of definitions) expect(text, `${budget.component} carries a schema's definition`).not.toContain(definition)
  }
})

 
test('the static sections’ components are in no page’s first load (req PERF-02)', async () => {
  // The chunks src/components/sections name for them; each must exist, else this test proves nothing.
  for (const section of ['footer-blocks', 'breadcrumbs', 'product-information', 'cms-blocks']) {
    const chunks = chunksOf(section)
    expect(chunks.length, `${section} is a chunk of its own`).toBeGreaterThan(0)
    for (const budget of Object.values(budgets)) {
      if (typeof budget === 'string') continue
      expect(firstLoadChunks(budget).filter((file) => chunks.includes(file)), `${budget.component} loads ${section} first`).toEqual([])
    }
  }
  // The footer's business data is text only its static component writes.
  const footer = textOf(chunksOf('footer-blocks'))
  expect(footer).toContain('footer-legal')
  for (const budget of Object.values(budgets)) {
    if (typeof budget === 'string') continue
    const text = textOf(firstLoadChunks(budget))
    expect(text, `${budget.component} carries the footer's static blocks`).not.toContain('"footer-legal"')
  }
})

 
test('the deferred islands’ components are in no page’s first load (req PERF-03)', async () => {
  const firstLoad = new Set(everyFirstLoadChunk())
  // The chunks src/components/islands/deferred.tsx names, each with a test id (quoted) or a key (in its template) only its code writes.
  const islands = {
    'island-search': '"search-dropdown"',
    'island-account': '"account-menu"',
    'island-sub-header': '"sub-header-top"',
    'island-footer': '"footer-sections"',
    'island-buy-box': '"tier-info-open"',
    'island-pickup': '"pickup-remove-failed"',
    'island-listing': '"filter-button"',
    'island-shelf': '"cms-product-shelf"',
    'island-heart': '"wishlist-heart"',
    // The delivery estimate's own text is in the product details every product page shows; the stored pickup choice it reads is not.
    'island-delivery': '::store::pickup`',
  }
  for (const [island, marker] of Object.entries(islands)) {
    const own = chunksOf(island).filter((file) => !firstLoad.has(file))
    expect(own.length, `${island} is a chunk of its own`).toBeGreaterThan(0)
    expect(textOf(own), `${island} carries its component`).toContain(marker)
    for (const budget of Object.values(budgets)) {
      if (typeof budget === 'string') continue
      expect(textOf(firstLoadChunks(budget)), `${budget.component} carries ${island}`).not.toContain(marker)
    }
  }
})

 
test('the browser’s boot (the cart’s and the session’s stores) and the wire’s client are in no page’s first load (req PERF-03)', async () => {
  const firstLoad = textOf(everyFirstLoadChunk())
  // Keys and texts only the cart's store, the session's store and the client write (src/sdk/cart/state.ts,
  // src/sdk/session/state.ts, src/sdk/core/client.ts).
  const boot = textOf(chunksOf('boot'))
  for (const marker of ['::store::cart`', '::store::session`', 'answered something unexpected']) {
    expect(boot, `the boot's chunks carry ${marker}`).toContain(marker)
    expect(firstLoad, `a first load carries ${marker}`).not.toContain(marker)
  }
})

 
test('the smart banners load once the page has hydrated, in no page’s first load', async () => {
  // The storage key only the banners' code carries (src/components/islands/banners/SmartBanners.tsx).
  const key = 'main::smartBanners::closed'
  const banners = textOf(chunksOf('smart-banners'))
  expect(banners, 'the smart banners are a chunk of their own').toContain(key)
  for (const budget of Object.values(budgets)) {
    if (typeof budget === 'string') continue
    const text = textOf(firstLoadChunks(budget))
    expect(text, `${budget.component} carries the smart banners`).not.toContain(key)
  }
})

 
test('texts only a panel, an uncounted page or a chosen store shows are in no page’s first load', async () => {
  // One text each of the category drawer, the guest order page, the error pages and a chosen store's pickup
  // time, which only the browser can have (src/config/texts/).
  const late = [drawerTexts.brandFilterLabel, guestOrderTexts.orderNumberHint.replace(/'.*$/, ''), pagesTexts.notFoundTitle, storesTexts.pickup.Default]
  const every = textOf(readdirSync(publicDir).filter((file) => file.endsWith('.js')))
  for (const text of late) expect(every, `some chunk shows “${text}”`).toContain(text)
  for (const budget of Object.values(budgets)) {
    if (typeof budget === 'string') continue
    const firstLoad = textOf(firstLoadChunks(budget))
    for (const text of late) expect(firstLoad, `${budget.component} carries “${text}”`).not.toContain(text)
  }
})

 
test('Gatsby’s Partytown integration and the components’ names are in no page’s first load', async () => {
  const files = everyFirstLoadChunk()
  const text = textOf(files)
  // Partytown's sandbox folder, which only its integration names (src/build/developmentOnly.ts).
  expect(text).not.toContain('~partytown')
  // styled-components keeps each component's id; a name, written just before it, is for `gatsby develop` only
  // (gatsby-config.ts).
  expect(text).toMatch(/withConfig\(\{componentId:"sc-[\w-]+"\}\)/)
  expect(text).not.toMatch(/displayName:"[\w-]+",componentId:"sc-/)
})
