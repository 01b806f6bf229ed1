/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, simulated throttling) on
 * home, a category, a product and a search page, each loaded normally and
 * with every script blocked (the limit the islands are measured against),
 * LH_RUNS times each (5), in Debian's Chromium. Builds the site on a
 * throwaway platform of LH_PRODUCTS products (1,500) and serves it with the
 * production server, on loopback ports of its own (SKIP_BUILD=1 serves the
 * last build). Then the floor (LH_FLOOR=0 leaves it out): a Gatsby site with
 * one page of a heading and a paragraph and nothing of ours, built with the
 * same gatsby and React in a temporary folder and served by `gatsby serve`,
 * which is what Gatsby and React cost before any island. Prints one table of
 * medians and keeps every report in .lighthouse/ (ignored by git).
 *
 * Then a second table, steadier than Lighthouse's simulated TBT on a noisy
 * machine: each page loaded LH_CHROMIUM_LOADS times (10) in Chromium itself
 * at 4× CPU slowdown, and the blocking time its long tasks add up to (the
 * part of each task over 50 ms, from navigation to 2.5 s after `load`), as
 * the Long Tasks API reports them. LH_CHROMIUM_LOADS=0 leaves it out.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { waitUntilUp } from '../serve/supervise'

const host = '127.0.0.1'
const sitePort = Number(process.env.LH_SITE_PORT ?? 9850)
const platformPort = Number(process.env.LH_PLATFORM_PORT ?? 9860)
const runs = Number(process.env.LH_RUNS ?? 5)
const products = Number(process.env.LH_PRODUCTS ?? 1500)
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']
const outDir = path.resolve('.lighthouse')
const site = `http://${host}:${sitePort}`
const floorPort = Number(process.env.LH_FLOOR_PORT ?? 9870)
const withFloor = process.env.LH_FLOOR !== '0'
const chromiumLoads = Number(process.env.LH_CHROMIUM_LOADS ?? 10)
if (!Number.isInteger(chromiumLoads) || chromiumLoads < 0) throw new Error('LH_CHROMIUM_LOADS must be a whole number')

interface Figures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  tbt: number
  lcp: number
  cls: number
  jsKiB: number
}

/** The median of the runs that measured the figure: a run Lighthouse could not trace (NO_NAVSTART) gives NaN and is left out. */
const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const medianOf = (list: readonly Figures[], key: keyof Figures) => median(list.map((f) => f[key]))

/** One row of the printed table: the medians of a page's runs; `ratio` is its LCP ÷ limit column. */
function tableRow(label: string, list: readonly Figures[], ratio: string): string {
  const m = (key: keyof Figures) => medianOf(list, key)
  return (
    `| ${label} | ${m('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ` +
    `${Math.round(m('tbt'))} ms | ${(m('lcp') / 1000).toFixed(2)} s | ${ratio} | ${m('cls').toFixed(3)} | ${m('jsKiB').toFixed(0)} KiB |`
  )
}

async function firstProductPath(): Promise<string> {
  const answer = await fetch(`http://${host}:${platformPort}/api/catalog/products?page=0&pageSize=1`)
  if (answer.ok) {
    const body = (await answer.json()) as { items?: { slug: string }[] }
    const slug = body.items?.[0]?.slug
    if (slug) return `/${slug}/p`
  }
  // Any product link of the home page will do.
  const home = await (await fetch(`${site}/`)).text()
  const href = /href="(\/[^"]+\/p)"/.exec(home)?.[1]
  if (!href) throw new Error('no product page found to measure')
  return href
}

async function measure(port: number, url: string, blockScripts: boolean, label: string): Promise<Figures> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'], blockedUrlPatterns: blockScripts ? ['*.js'] : [] },
  )
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`)
  const { lhr, report } = result
  writeFileSync(path.join(outDir, `${label}.json`), Array.isArray(report) ? report.join('\n') : report)
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100)
  const items = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []
  const js = items.filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    tbt: audit('total-blocking-time'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    jsKiB: js / 1024,
  }
}

/**
 * Each page's blocking time in Chromium at 4× CPU slowdown, `loads` times, the pages taking turns so a
 * slow spell of the machine falls on all of them alike: the sum over the Long Tasks API's tasks of the
 * part over 50 ms, from navigation to 2.5 s after `load`.
 */
async function chromiumBlocking(pages: readonly (readonly [string, string])[], loads: number): Promise<Map<string, number[]>> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.filter((flag) => !flag.startsWith('--headless')) })
  const figures = new Map<string, number[]>(pages.map(([name]) => [name, []]))
  try {
    // Round -1 warms the server and the disk cache and is not counted.
    for (let i = -1; i < loads; i++) {
      for (const [name, pagePath] of pages) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        await page.addInitScript(() => {
          const tasks: number[] = []
          Object.assign(window, { __longTasks: tasks })
          new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask', buffered: true })
        })
        await page.goto(`${site}${pagePath}`, { waitUntil: 'load' })
        await page.waitForTimeout(2500)
        const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)
        if (i >= 0) figures.get(name)!.push(tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0))
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return figures
}

/**
 * Builds and serves the floor site: the project's own gatsby, react and
 * react-dom (its node_modules, linked), one page, no plugin, no wrapper.
 */
async function floorSite(): Promise<{ url: string; stop(): void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'zampa-floor-'))
  const own = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }
  const pick = (name: string) => own.dependencies[name] ?? '*'
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'floor', private: true, dependencies: { gatsby: pick('gatsby'), react: pick('react'), 'react-dom': pick('react-dom') } }))
  writeFileSync(path.join(dir, 'gatsby-config.js'), `module.exports = { trailingSlash: 'never' }\n`)
  mkdirSync(path.join(dir, 'src', 'pages'), { recursive: true })
  writeFileSync(
    path.join(dir, 'src', 'pages', 'index.js'),
    `import * as React from 'react'
export default function Index() {
  return React.createElement('main', null, React.createElement('h1', null, 'Crocchette per cani'), React.createElement('p', null, 'Una pagina senza isole.'))
}
export const Head = () => React.createElement('title', null, 'Floor')
`,
  )
  symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'))
  const gatsby = path.resolve('node_modules/.bin/gatsby')
  const env = { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' }
  await new Promise<void>((resolve, reject) => {
    const build = spawn(gatsby, ['build'], { cwd: dir, env, stdio: 'ignore' })
    build.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the floor site's build ended with code ${code}`))))
  })
  const server: ChildProcess = spawn(gatsby, ['serve', '-H', host, '-p', String(floorPort)], { cwd: dir, env, stdio: 'ignore' })
  const url = `http://${host}:${floorPort}/`
  await waitUntilUp(url, 60_000)
  return {
    url,
    stop: () => {
      server.kill('SIGTERM')
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function main() {
  mkdirSync(outDir, { recursive: true })
  const server = spawn(path.resolve('node_modules/.bin/tsx'), ['serve/start.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      HOST: host,
      SITE_PORT: String(sitePort),
      PLATFORM_PORT: String(platformPort),
      PLATFORM_DATA_DIR: process.env.PLATFORM_DATA_DIR ?? 'memory://',
      SEED_PRODUCTS: String(products),
    },
  })
  const stop = () => server.kill('SIGTERM')
  process.on('exit', stop)
  await waitUntilUp(site, 20 * 60_000)
  const pages = [
    ['home', '/'],
    ['category', '/cane'],
    ['product', await firstProductPath()],
    ['search', '/s?q=crocchette'],
  ] as const

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags })
  const rows: string[] = []
  let untraced = 0
  let blocking: Map<string, number[]> | null = null
  try {
    for (const [name, pagePath] of pages) {
      const normal: Figures[] = []
      const blocked: Figures[] = []
      for (let i = 0; i < runs; i++) {
        normal.push(await measure(chrome.port, `${site}${pagePath}`, false, `${name}-${i + 1}`))
        blocked.push(await measure(chrome.port, `${site}${pagePath}`, true, `${name}-blocked-${i + 1}`))
      }
      untraced += [...normal, ...blocked].filter((f) => Number.isNaN(f.performance)).length
      const limit = medianOf(blocked, 'lcp')
      rows.push(tableRow(`${name} \`${pagePath}\``, normal, (medianOf(normal, 'lcp') / limit).toFixed(2)))
      rows.push(tableRow(`${name}, scripts blocked`, blocked, '1'))
      console.log(rows.at(-2))
    }
    if (withFloor) {
      const floor = await floorSite()
      try {
        const normal: Figures[] = []
        for (let i = 0; i < runs; i++) normal.push(await measure(chrome.port, floor.url, false, `floor-${i + 1}`))
        untraced += normal.filter((f) => Number.isNaN(f.performance)).length
        rows.push(tableRow('floor: an empty Gatsby page', normal, '–'))
        console.log(rows.at(-1))
      } finally {
        floor.stop()
      }
    }
    if (chromiumLoads > 0) {
      // A failure here must not cost the Lighthouse table above.
      blocking = await chromiumBlocking(pages, chromiumLoads).catch((error: unknown) => {
        console.error('the Chromium long-task loads failed:', error)
        return null
      })
    }
  } finally {
    await chrome.kill()
    stop()
  }
  console.log(`\nLighthouse 12.8, mobile, simulated throttling, median of ${runs}, ${products} products; reports in .lighthouse/\n`)
  console.log('| page | performance | accessibility | best practices | SEO | TBT | LCP | LCP ÷ limit | CLS | JS transferred |')
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
  if (blocking) {
    console.log(`\nChromium at 4× CPU slowdown, blocking time of the long tasks, ${chromiumLoads} loads a page\n`)
    console.log('| page | median | range |')
    console.log('|---|---|---|')
    for (const [name, values] of blocking) {
      console.log(`| ${name} | ${Math.round(median(values))} ms | ${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))} ms |`)
    }
  }
  if (untraced > 0) console.log(`\n${untraced} run(s) Lighthouse could not trace, left out of the medians (see .lighthouse/)`)
  process.exit(0)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
