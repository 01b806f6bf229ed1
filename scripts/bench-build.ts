/**
 * `npm run bench:build [N]`: seeds an embedded platform with N products
 * (default 10,000; BENCH_PRODUCTS works too) in .data/bench-N, then times a
 * clean `gatsby build`, a rebuild with nothing changed, and the rebuilds an
 * editor's or a merchant's change starts: one CMS page, the frame's
 * promotional phrase, one SKU's price. Each prints its seconds and how many
 * HTML files it wrote again. Changes go to a copy of the content; the price is
 * put back afterwards, whatever happens. The seeded database is kept, so a
 * second run measures the builds alone. PREBUILD_PRODUCTS sets how many
 * product pages are built ahead of time; the rest are deferred
 * (docs/large-catalogs.md).
 *
 * Then, with the production server running the rebuilds (releases/), it
 * times a change to live as a shopper gets it: a price changed through the
 * platform's admin API (which calls the catalog hook), until the product's
 * page carries the new price (the catalog fast path, releases/catalog.ts);
 * then the promotional phrase changed and the content hook called, until the
 * home page's HTML carries the new phrase (the frame's fast path,
 * releases/frame.ts); then a CMS page's heading, until that page carries it
 * (the content fast path, releases/content.ts). None runs `gatsby build`.
 * Each prints the pages written. BENCH_LIVE=0 skips this part; BENCH_LIVE_ONLY=1 runs it alone, over the
 * build an earlier run left in the project folder. BENCH_CLEAN_ONLY=1 stops after the clean build, from the
 * repository's content, so that a live-only run that follows starts from a build of the same content.
 */
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startPlatform } from '../platform'
import { CMS_DIR } from '../cms/load'
import { buildEnv } from '../releases/buildEnv'
import { bin, readPorts, run, storefrontEnv } from '../supervisor/processes'
import { Releases } from '../releases/releases'
import { GatsbyOutput, lineSplitter } from '../releases/gatsby'

const CLEAN_BUILD = 'clean build'
const HOOK_TOKEN = `bench-${Math.random().toString(36).slice(2)}-${Date.now()}`
const ADMIN_TOKEN = `bench-admin-${Date.now()}`

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${what}: not reached in ${timeoutMs / 1000} s`)
}

const htmlOf = async (url: string) => (await (await fetch(url, { headers: { accept: 'text/html' } })).text()).replace(/&nbsp;|\u00a0/g, ' ')

interface Live {
  seconds: number
  pagesWritten: number | null
  fast?: boolean
}

/** The server running the rebuilds over this build; a price change, a frame change and a CMS page change timed to live. */
async function measureLive(env: NodeJS.ProcessEnv, siteUrl: string, platformUrl: string, contentDir: string): Promise<{ content: Live; catalog: Live; page: Live }> {
  const server = spawn(path.resolve('node_modules', '.bin', 'tsx'), ['serve/main.ts'], { env: { ...env, BUILD_HOOK_TOKEN: HOOK_TOKEN }, stdio: ['ignore', 'ignore', 'inherit'] })
  try {
    await until('the storefront server', async () => (await fetch(`${siteUrl}/healthz`)).ok, 60_000)
    const auth = { authorization: `Bearer ${HOOK_TOKEN}` }
    const lastLive = async () => ((await (await fetch(`${siteUrl}/hooks/build`, { headers: auth })).json()) as { lastLive: { pagesWritten: number | null; fast: boolean } | null }).lastLive

    const search = (await (await fetch(`${platformUrl}/api/catalog/search?pageSize=20`)).json()) as { products: { slug: string; variants: { sku: string; price: number }[] }[] }
    const product = search.products.find((p) => p.variants.length === 1)!
    const price = Math.round(product.variants[0]!.price * 100 + 1234) / 100
    let started = Date.now()
    const patch = await fetch(`${platformUrl}/api/admin/skus/${product.variants[0]!.sku}`, { method: 'PATCH', headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/json' }, body: JSON.stringify({ price }) })
    if (!patch.ok) throw new Error(`admin price change answered ${patch.status}`)
    await until('the new price on the product page', async () => (await htmlOf(`${siteUrl}/${product.slug}/p`)).includes(price.toFixed(2).replace('.', ',')))
    const priced = await lastLive()
    const catalog = { seconds: (Date.now() - started) / 1000, pagesWritten: priced?.pagesWritten ?? null, fast: priced?.fast === true }
    console.log(`catalog change to live: ${catalog.seconds.toFixed(1)} s, ${catalog.pagesWritten} pages ${catalog.fast ? 'rendered (fast path)' : 'written (full build)'}`)
    const file = path.join(contentDir, 'top-header.json')
    const phrase = `Misura ${Date.now()}`
    writeFileSync(file, JSON.stringify({ ...(JSON.parse(readFileSync(file, 'utf8')) as object), promoPhrase: phrase }, null, 2))
    started = Date.now()
    const hook = await fetch(`${siteUrl}/hooks/content`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ files: ['cms/top-header.json'] }) })
    if (hook.status !== 202) throw new Error(`content hook answered ${hook.status}`)
    await until('the new phrase on the home page', async () => (await htmlOf(siteUrl)).includes(phrase))
    const live = await lastLive()
    const content = { seconds: (Date.now() - started) / 1000, pagesWritten: live?.pagesWritten ?? null, fast: live?.fast === true }
    console.log(`frame change to live: ${content.seconds.toFixed(1)} s, ${content.pagesWritten} pages ${content.fast ? 'patched (fast path)' : 'written (full build)'}`)

    // One CMS page's heading: the content fast path renders that page and its app variant.
    const pagesFile = path.join(contentDir, 'pages.json')
    const pagesContent = JSON.parse(readFileSync(pagesFile, 'utf8')) as { pages: { slug: string; heading: string }[] }
    const heading = `Misura della pagina ${Date.now()}`
    const first = pagesContent.pages[0]!
    first.heading = heading
    writeFileSync(pagesFile, JSON.stringify(pagesContent, null, 2))
    started = Date.now()
    const pageHook = await fetch(`${siteUrl}/hooks/content`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ files: ['cms/pages.json'] }) })
    if (pageHook.status !== 202) throw new Error(`content hook answered ${pageHook.status}`)
    await until('the new heading on the CMS page', async () => (await htmlOf(`${siteUrl}/${first.slug}`)).includes(heading))
    const pageLive = await lastLive()
    const page = { seconds: (Date.now() - started) / 1000, pagesWritten: pageLive?.pagesWritten ?? null, fast: pageLive?.fast === true }
    console.log(`CMS page change to live: ${page.seconds.toFixed(1)} s, ${page.pagesWritten} pages ${page.fast ? 'rendered (fast path)' : 'written (full build)'}`)

    return { content, catalog, page }
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
  }
}

function countPageData(dir: string): number {
  let count = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name === 'sq') continue
      count += countPageData(path.join(dir, entry.name))
    } else if (entry.name === 'page-data.json') count++
  }
  return count
}

/** A `gatsby build` that failed, and whether its output said Gatsby's data store is damaged (GatsbyOutput). */
class BuildFailed extends Error {
  constructor(
    message: string,
    readonly damagedStore: boolean,
  ) {
    super(message)
  }
}

/**
 * Runs `gatsby build`, its output passed through, and answers how many HTML files it wrote, read from its own
 * "Building static HTML for pages … n/total" line, as the server reads it (none when the line is absent), and
 * whether it kept the last build's catalog instead of reading it (gatsby-node.ts says so). A file's modification
 * time would not do: Gatsby leaves unchanged pages alone, but other stages touch files.
 */
function gatsbyBuild(env: NodeJS.ProcessEnv): Promise<{ written: number; catalogKept: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin('gatsby'), ['build'], { stdio: ['ignore', 'pipe', 'pipe'], env })
    const output = new GatsbyOutput()
    const read = (line: string) => void output.read(line)
    const out = lineSplitter(read)
    const err = lineSplitter(read)
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk)
      out.push(chunk)
    })
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk)
      err.push(chunk)
    })
    child.on('error', reject)
    // 'close', not 'exit': the last of its output (an error's message) may still be in the pipe at exit.
    child.on('close', (code, signal) => {
      out.end()
      err.end()
      if (code === 0) resolve({ written: output.pagesWritten, catalogKept: output.catalogKept })
      else reject(new BuildFailed(`gatsby build ended with ${signal ?? `code ${code}`}`, output.damaged !== null))
    })
  })
}

/** Changes a content file of the bench's copy; the change stays, so each later build holds only its own change. */
function changeContent(file: string, change: (json: Record<string, unknown>) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  change(json)
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`)
}

async function timed(label: string, work: () => Promise<void>): Promise<number> {
  const started = Date.now()
  await work()
  const seconds = (Date.now() - started) / 1000
  console.log(`${label}: ${seconds.toFixed(1)} s`)
  return seconds
}

async function main(): Promise<void> {
  const products = Number(process.argv[2] ?? process.env.BENCH_PRODUCTS ?? 10_000)
  if (!Number.isInteger(products) || products < 1) throw new Error(`product count must be a positive integer, got ${process.argv[2]}`)
  const { host, sitePort, platformPort } = readPorts()
  const dataDir = path.resolve('.data', `bench-${products}`)
  const seeded = existsSync(dataDir)

  const live = process.env.BENCH_LIVE !== '0'
  const siteUrl = `http://${host}:${sitePort}`
  // The live part edits a copy of the content, never the repository's own.
  const contentDir = mkdtempSync(path.join(os.tmpdir(), 'bench-cms-'))
  cpSync(CMS_DIR, contentDir, { recursive: true, filter: (source) => !source.endsWith('.ts') })
  if (live) {
    process.env.PLATFORM_CATALOG_HOOK_URL = `${siteUrl}/hooks/catalog`
    process.env.PLATFORM_CATALOG_HOOK_TOKEN = HOOK_TOKEN
  }

  let platform: Awaited<ReturnType<typeof startPlatform>> | undefined
  const seed = await timed(seeded ? 'platform (already seeded)' : `seeding ${products} products`, async () => {
    platform = await startPlatform({ host, port: platformPort, dataDir, seedProducts: products, adminToken: ADMIN_TOKEN })
  })
  const env = { ...storefrontEnv(platform!.url, siteUrl), CMS_CONTENT_DIR: contentDir, SITE_PORT: String(sitePort), HOST: host }
  /**
   * One build after `change`, timed, with the HTML files Gatsby says it wrote. A rebuild that fails on a damaged
   * data store is built once more from an empty cache, as the server's rebuilds do (releases/gatsby.ts), and
   * its row says so: its time is then the time to live the server's job would have taken. Any other failure, and
   * any failure of the clean build, stops the bench.
   */
  const rebuild = async (label: string, change: () => Promise<void> | void = () => undefined) => {
    await change()
    let built = { written: 0, catalogKept: false }
    let retried = false
    const seconds = await timed(label, async () => {
      try {
        built = await gatsbyBuild(buildEnv(env))
      } catch (error) {
        if (label === CLEAN_BUILD || !(error instanceof BuildFailed && error.damagedStore)) throw error
        retried = true
        console.log(`${label}: ${error instanceof Error ? error.message : String(error)}; building again from an empty cache`)
        await run('gatsby', ['clean'], env)
        built = await gatsbyBuild(buildEnv(env))
      }
    })
    return { seconds, html: built.written, catalogKept: built.catalogKept, retried }
  }
  const restore: (() => Promise<void>)[] = []
  if (process.env.BENCH_LIVE_ONLY === '1') {
    // The live part alone, over the build the last run left in the project folder for the same catalog.
    try {
      if (!seeded || !existsSync(path.resolve('public', 'index.html'))) throw new Error(`BENCH_LIVE_ONLY needs the build of an earlier run of bench:build ${products}`)
      const changes = await measureLive(env, siteUrl, platform!.url, contentDir)
      console.log('\nbench:build (live only)')
      console.log(`  ${'products'.padEnd(34)} ${products}`)
      console.log(`  ${'frame change live'.padEnd(34)} ${changes.content.seconds.toFixed(1)} s (${changes.content.pagesWritten} pages ${changes.content.fast ? 'patched by the fast path' : 'written by a full build'})`)
      console.log(`  ${'catalog live'.padEnd(34)} ${changes.catalog.seconds.toFixed(1)} s (${changes.catalog.pagesWritten} pages ${changes.catalog.fast ? 'rendered by the fast path' : 'written by a full build'})`)
      console.log(`  ${'CMS page live'.padEnd(34)} ${changes.page.seconds.toFixed(1)} s (${changes.page.pagesWritten} pages ${changes.page.fast ? 'rendered by the fast path' : 'written by a full build'})`)
    } finally {
      await platform!.close()
      rmSync(contentDir, { recursive: true, force: true })
    }
    return
  }
  try {
    await run('gatsby', ['clean'], env)
    const { seconds: clean } = await rebuild(CLEAN_BUILD)
    const pages = countPageData(path.resolve('public', 'page-data'))
    if (process.env.BENCH_CLEAN_ONLY === '1') {
      new Releases(path.resolve('.')).markBuilt()
      console.log(`\nbench:build (clean build only)\n  ${'products'.padEnd(34)} ${products}\n  ${'pages built'.padEnd(34)} ${pages}\n  ${'clean build'.padEnd(34)} ${clean.toFixed(1)} s`)
      return
    }
    const stats = JSON.parse(readFileSync(path.join('.cache', 'catalog-pages.json'), 'utf8')) as { products: number; deferred: number }
    const unchanged = await rebuild('rebuild, nothing changed')
    const stamp = new Date().toISOString()
    const page = await rebuild('rebuild after one CMS page changed', () =>
      changeContent(path.join(contentDir, 'pages.json'), (json) => {
        const [first] = json.pages as { description: string }[]
        first!.description = `${first!.description} (${stamp})`
      }),
    )
    const frame = await rebuild('rebuild after the promotional phrase changed', () =>
      changeContent(path.join(contentDir, 'top-header.json'), (json) => {
        json.promoPhrase = `${String(json.promoPhrase)} (${stamp})`
      }),
    )
    const first = (await (await fetch(`${platform!.url}/api/catalog/products?page=0&pageSize=1`)).json()) as { items: { variants: { sku: string; price: number; lowPrice: number }[] }[] }
    const variant = first.items[0]!.variants[0]!
    const patchPrice = async (body: { price: number; lowPrice: number }) => {
      const answer = await fetch(`${platform!.url}/api/admin/skus/${variant.sku}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN_TOKEN },
        body: JSON.stringify(body),
      })
      if (!answer.ok) throw new Error(`price change refused: ${answer.status} ${await answer.text()}`)
    }
    const price = await rebuild(`rebuild after SKU ${variant.sku}'s price changed`, async () => {
      const lower = Math.max(0.01, Math.round(variant.price * 100 - 1) / 100)
      await patchPrice({ price: lower, lowPrice: variant.lowPrice > 0 ? lower : 0 })
      restore.push(() => patchPrice({ price: variant.price, lowPrice: variant.lowPrice }))
    })
    // The project's folder holds a whole build, newer than any release a frame change left behind it.
    if (live) new Releases(path.resolve('.')).markBuilt()
    const changes = live ? await measureLive(env, siteUrl, platform!.url, contentDir) : null

    const row = (r: { seconds: number; html: number; catalogKept: boolean; retried: boolean }) =>
      `${r.seconds.toFixed(1)} s, ${r.html} HTML files written, catalog ${r.catalogKept ? 'kept' : 'read in full'}${r.retried ? ' (the first build failed; built again from an empty cache)' : ''}`
    const rows = [
      ['products', String(products)],
      ['pages built', `${pages}${stats.deferred ? ` (+${stats.deferred} product pages deferred)` : ''}`],
      ...(seeded ? [] : [['seed', `${seed.toFixed(1)} s`]]),
      ['clean build', `${clean.toFixed(1)} s, ${(pages / clean).toFixed(0)} pages/s`],
      ['rebuild, nothing changed', row(unchanged)],
      ['one CMS page change', row(page)],
      ['frame change (promotional phrase)', row(frame)],
      ['one price change', row(price)],
      ...(changes
        ? [
            ['frame change live', `${changes.content.seconds.toFixed(1)} s from the hook to the new phrase on the home page (${changes.content.pagesWritten} pages ${changes.content.fast ? 'patched by the fast path' : 'written by a full build'})`],
            ['catalog live', `${changes.catalog.seconds.toFixed(1)} s from the price change to the product page (${changes.catalog.pagesWritten} pages ${changes.catalog.fast ? 'rendered by the fast path' : 'written by a full build'})`],
            ['CMS page live', `${changes.page.seconds.toFixed(1)} s from the hook to the new heading on the page (${changes.page.pagesWritten} pages ${changes.page.fast ? 'rendered by the fast path' : 'written by a full build'})`],
          ]
        : []),
    ]
    console.log('\nbench:build')
    for (const [what, figure] of rows) console.log(`  ${what!.padEnd(34)} ${figure}`)
  } finally {
    for (const undo of restore.reverse()) await undo()
    await platform!.close()
    rmSync(contentDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
