/**
 * `npm run bench:build [N]`: seeds an embedded platform with N products
 * (default 10,000; BENCH_PRODUCTS works too) in .data/bench-N, then times a
 * clean `gatsby build`, a rebuild with nothing changed, and the rebuilds an
 * editor's or a merchant's change starts: the frame's promotional phrase, one
 * CMS page, one SKU's price. Each prints its seconds and how many HTML files
 * it wrote again. The content and the price are put back afterwards, whatever happens.
 * The seeded database is kept, so a second run measures the builds alone.
 * PREBUILD_PRODUCTS sets how many product pages are built ahead of time; the
 * rest are deferred (docs/large-catalogs.md).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { startPlatform } from '../platform'
import { buildEnv, readPorts, run, storefrontEnv } from '../serve/processes'

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

/** HTML files under `dir` written at or after `since` (ms). */
function htmlWrittenSince(dir: string, since: number): number {
  let count = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'page-data' && entry.name !== 'static') count += htmlWrittenSince(file, since)
    } else if (entry.name.endsWith('.html') && statSync(file).mtimeMs >= since) count++
  }
  return count
}

/**
 * Changes a content file and answers how to put it back. The change stays through the later builds, so
 * each measured build holds only its own change; the files are put back once all builds are done.
 */
function changeContent(file: string, change: (json: Record<string, unknown>) => void): () => void {
  const original = readFileSync(file, 'utf8')
  const json = JSON.parse(original) as Record<string, unknown>
  change(json)
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`)
  return () => writeFileSync(file, original)
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

  const adminToken = `bench-${process.pid}`
  let platform: Awaited<ReturnType<typeof startPlatform>> | undefined
  const seed = await timed(seeded ? 'platform (already seeded)' : `seeding ${products} products`, async () => {
    platform = await startPlatform({ host, port: platformPort, dataDir, seedProducts: products, adminToken })
  })
  const env = buildEnv(storefrontEnv(platform!.url, `http://${host}:${sitePort}`))
  const build = () => run('gatsby', ['build'], env)
  /** One rebuild after `change`, timed, with the HTML files it wrote. */
  const rebuild = async (label: string, change: () => Promise<void> | void = () => undefined) => {
    await change()
    const started = Date.now()
    const seconds = await timed(label, build)
    return { seconds, html: htmlWrittenSince(path.resolve('public'), started - 1_000) }
  }
  const restore: (() => Promise<void> | void)[] = []
  try {
    await run('gatsby', ['clean'], env)
    const clean = await timed('clean build', build)
    const pages = countPageData(path.resolve('public', 'page-data'))
    const stats = JSON.parse(readFileSync(path.join('.cache', 'catalog-pages.json'), 'utf8')) as { products: number; deferred: number }
    const unchanged = await rebuild('rebuild, nothing changed')
    const stamp = new Date().toISOString()
    const page = await rebuild('rebuild after one CMS page changed', () => {
      restore.push(
        changeContent(path.resolve('cms', 'pages.json'), (json) => {
          const [first] = json.pages as { description: string }[]
          first!.description = `${first!.description} (${stamp})`
        }),
      )
    })
    const frame = await rebuild('rebuild after the promotional phrase changed', () => {
      restore.push(
        changeContent(path.resolve('cms', 'top-header.json'), (json) => {
          json.promoPhrase = `${String(json.promoPhrase)} (${stamp})`
        }),
      )
    })
    const first = (await (await fetch(`${platform!.url}/api/catalog/products?page=0&pageSize=1`)).json()) as { items: { variants: { sku: string; price: number; lowPrice: number }[] }[] }
    const variant = first.items[0]!.variants[0]!
    const patchPrice = async (body: { price: number; lowPrice: number }) => {
      const answer = await fetch(`${platform!.url}/api/admin/skus/${variant.sku}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-admin-token': adminToken },
        body: JSON.stringify(body),
      })
      if (!answer.ok) throw new Error(`price change refused: ${answer.status} ${await answer.text()}`)
    }
    const price = await rebuild(`rebuild after SKU ${variant.sku}'s price changed`, async () => {
      const lower = Math.max(0.01, Math.round(variant.price * 100 - 1) / 100)
      await patchPrice({ price: lower, lowPrice: variant.lowPrice > 0 ? lower : 0 })
      restore.push(() => patchPrice({ price: variant.price, lowPrice: variant.lowPrice }))
    })

    const row = (r: { seconds: number; html: number }) => `${r.seconds.toFixed(1)} s, ${r.html} HTML files written`
    const rows = [
      ['products', String(products)],
      ['pages built', `${pages}${stats.deferred ? ` (+${stats.deferred} product pages deferred)` : ''}`],
      ...(seeded ? [] : [['seed', `${seed.toFixed(1)} s`]]),
      ['clean build', `${clean.toFixed(1)} s, ${(pages / clean).toFixed(0)} pages/s`],
      ['rebuild, nothing changed', row(unchanged)],
      ['one CMS page change', row(page)],
      ['frame change (promotional phrase)', row(frame)],
      ['one price change', row(price)],
    ]
    console.log('\nbench:build')
    for (const [what, figure] of rows) console.log(`  ${what!.padEnd(34)} ${figure}`)
  } finally {
    // The build left in public/ has the changes; the next `npm run build` or `npm start` builds the restored content.
    for (const undo of restore.reverse()) await undo()
    await platform!.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
