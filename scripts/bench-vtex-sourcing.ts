/**
 * `npm run bench:vtex-sourcing [products]`: what reading a whole VTEX catalog costs the build. Starts the
 * VTEX simulator in a child process (its memory is not the build's) seeded with `products` (default 100,000;
 * BENCH_PRODUCTS works too), then reads every product through the VTEX catalog adapter exactly as
 * gatsby-node does (src/build/productSourcing.ts, pages of 500, each product's price tiers included), keeping
 * only the ids. Prints the products read against the catalog's total, any id read twice, the time, this
 * process's peak resident memory, and what the simulator saw: requests, schema violations and pages asked
 * past Intelligent Search's last. The progress lines go to stderr as in a build. Exits 1 when the count,
 * the ids or the wire are wrong.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { createVtexCommerce } from '../src/commerce/vtex'
import { sourceProducts } from '../src/build/productSourcing'
import { SIMULATOR_ACCOUNT, SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator } from '../src/commerce/vtex/testing/simulator'

const MB = 1024 * 1024
const peakRss = () => process.resourceUsage().maxRSS * 1024

/** The child: a simulator on a free loopback port, until its stdin closes; then what it saw. */
async function simulator(products: number): Promise<void> {
  const started = Date.now()
  const vtex = await startVtexSimulator({ products })
  console.log(`READY ${vtex.url} ${Date.now() - started}`)
  process.stdin.resume()
  await new Promise((resolve) => process.stdin.once('end', resolve))
  const { requests, violations } = vtex.validator.counts
  console.log(`DONE ${requests} ${violations} ${vtex.pagesPastLast} ${Math.round(peakRss() / MB)}`)
  await vtex.close()
}

async function main(products: number): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', __filename, '--simulator', String(products)], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const next = async (prefix: string) => {
    for (;;) {
      const { value, done } = await lines.next()
      if (done) throw new Error(`the simulator ended before ${prefix}`)
      if ((value as string).startsWith(prefix)) return (value as string).split(' ').slice(1)
    }
  }
  const [url, seededMs] = await next('READY')
  console.log(`VTEX simulator: ${products.toLocaleString('en')} products, seeded in ${(Number(seededMs) / 1000).toFixed(1)} s`)

  const { catalog } = createVtexCommerce({
    COMMERCE: 'vtex',
    VTEX_ACCOUNT: SIMULATOR_ACCOUNT,
    VTEX_API_URL: url,
    VTEX_STORE_URL: 'https://www.example.it',
    VTEX_SALES_CHANNEL: '1',
    VTEX_APP_KEY: SIMULATOR_APP_KEY,
    VTEX_APP_TOKEN: SIMULATOR_APP_TOKEN,
    // The simulator validates every answer on the one core it shares: a generous wait keeps a slow answer from failing the read.
    VTEX_TIMEOUT_MS: '60000',
  })
  const before = process.memoryUsage().rss
  const seen = new Set<string>()
  let twice = 0
  const started = performance.now()
  const { count, total } = await sourceProducts(catalog, (product) => {
    if (seen.has(product.id)) twice++
    seen.add(product.id)
  })
  const seconds = (performance.now() - started) / 1000
  child.stdin.end()
  const [requests, violations, pastLast, simulatorMb] = (await next('DONE')).map(Number) as [number, number, number, number]

  console.log(`read ${count.toLocaleString('en')} of ${total.toLocaleString('en')} products (${twice} read twice) in ${seconds.toFixed(1)} s, ${Math.round(count / seconds)} products/s`)
  console.log(`peak memory of the reading process: ${Math.round(peakRss() / MB)} MB resident (${Math.round(before / MB)} MB before it read)`)
  console.log(`simulator: ${requests.toLocaleString('en')} requests, ${violations} schema violations, ${pastLast} pages asked past Intelligent Search's last, ${simulatorMb} MB peak resident`)
  if (count !== total || twice > 0 || seen.size !== products || violations > 0 || pastLast > 0) process.exitCode = 1
}

const simulatorAt = process.argv.indexOf('--simulator')
const run = simulatorAt >= 0 ? simulator(Number(process.argv[simulatorAt + 1])) : main(Number(process.argv[2] ?? process.env.BENCH_PRODUCTS ?? 100_000))
run.catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
