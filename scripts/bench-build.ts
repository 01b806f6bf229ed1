/**
 * `npm run bench:build [N]`: seeds an embedded platform with N products
 * (default 10,000; BENCH_PRODUCTS works too) in .data/bench-N, then times a
 * clean `gatsby build` and a rebuild with the cache, and prints pages,
 * seconds and pages per second. The seeded database is kept, so a second
 * run measures the builds alone. PREBUILD_PRODUCTS sets how many product
 * pages are built ahead of time; the rest are deferred (docs/large-catalogs.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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

  let platform: Awaited<ReturnType<typeof startPlatform>> | undefined
  const seed = await timed(seeded ? 'platform (already seeded)' : `seeding ${products} products`, async () => {
    platform = await startPlatform({ host, port: platformPort, dataDir, seedProducts: products })
  })
  const env = storefrontEnv(platform!.url, `http://${host}:${sitePort}`)
  try {
    await run('gatsby', ['clean'], env)
    const clean = await timed('clean build', () => run('gatsby', ['build'], buildEnv(env)))
    const pages = countPageData(path.resolve('public', 'page-data'))
    const stats = JSON.parse(readFileSync(path.join('.cache', 'catalog-pages.json'), 'utf8')) as { products: number; deferred: number }
    const rebuild = await timed('rebuild', () => run('gatsby', ['build'], buildEnv(env)))

    const rows = [
      ['products', String(products)],
      ['pages built', `${pages}${stats.deferred ? ` (+${stats.deferred} product pages deferred)` : ''}`],
      ...(seeded ? [] : [['seed', `${seed.toFixed(1)} s`]]),
      ['clean build', `${clean.toFixed(1)} s, ${(pages / clean).toFixed(0)} pages/s`],
      ['rebuild', `${rebuild.toFixed(1)} s, ${(pages / rebuild).toFixed(0)} pages/s`],
    ]
    console.log('\nbench:build')
    for (const [what, figure] of rows) console.log(`  ${what!.padEnd(12)} ${figure}`)
  } finally {
    await platform!.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
