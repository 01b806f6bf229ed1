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
 * Every page's row carries the floor's TBT and script time of the same run beside its own.
 *
 * Then a second table, steadier than Lighthouse's simulated TBT on a noisy
 * machine: each page and the floor loaded LH_CHROMIUM_LOADS times (10) in
 * Chromium itself at 4× CPU slowdown, the blocking time its long tasks add up
 * to (the part of each task over 50 ms, from navigation to 2.5 s after `load`),
 * as the Long Tasks API reports them, Chromium's script time and its style
 * recalculation time, each beside the floor's; and after each category load
 * the client-side navigation to its first product, from the tap to the
 * product's heading. LH_CHROMIUM_LOADS=0
 * leaves it out.
 *
 * LH_PAGES=search (names among home, category, product, search, comma-separated) measures only those pages.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

// serve/ is CommonJS TypeScript, whose named exports Node's ES-module loader cannot see through tsx: required instead.
const { waitUntilUp } = createRequire(import.meta.url)('../supervisor/supervise.ts') as typeof import('../supervisor/supervise')

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
/** LH_PAGES=search (or a comma-separated list of home, category, product, search): a targeted run of those pages only. */
const onlyPages = process.env.LH_PAGES?.split(',').map((name) => name.trim()).filter(Boolean)

interface Figures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  tbt: number
  /** Lighthouse's script time (bootup-time: evaluation, parse and compile of every script). */
  scriptMs: number
  lcp: number
  cls: number
  jsKiB: number
}

/** The median of the runs that measured the figure: a run Lighthouse could not trace (NO_NAVSTART) gives NaN and is left out. */
const median = (values: readonly number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b)
  if (sorted.length === 0) return NaN
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const medianOf = (list: readonly Figures[], key: keyof Figures) => median(list.map((f) => f[key]))

const ms = (value: number) => (Number.isNaN(value) ? '–' : `${Math.round(value)} ms`)

/**
 * One row of the printed table: the medians of a page's runs; `ratio` is its LCP ÷ limit column, and
 * `floor` the empty Gatsby page's runs of the same bench, whose TBT and script time stand beside the
 * page's own: both depend on the machine, their ratio much less.
 */
function tableRow(label: string, list: readonly Figures[], ratio: string, floor: readonly Figures[]): string {
  const m = (key: keyof Figures) => medianOf(list, key)
  const f = (key: keyof Figures) => medianOf(floor, key)
  return (
    `| ${label} | ${m('performance')} | ${m('accessibility')} | ${m('bestPractices')} | ${m('seo')} | ` +
    `${ms(m('tbt'))} | ${ms(f('tbt'))} | ${ms(m('scriptMs'))} | ${ms(f('scriptMs'))} | ` +
    `${(m('lcp') / 1000).toFixed(2)} s | ${ratio} | ${m('cls').toFixed(3)} | ${m('jsKiB').toFixed(0)} KiB |`
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
    scriptMs: audit('bootup-time'),
    lcp: audit('largest-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    jsKiB: js / 1024,
  }
}

interface ChromiumFigures {
  /** The part over 50 ms of each long task, added up, from navigation to 2.5 s after `load`. */
  blocking: number[]
  /** Chromium's own script time (the Performance domain's ScriptDuration) over the same span. */
  script: number[]
  /** Chromium's style recalculation time (RecalcStyleDuration) over the same span. */
  style: number[]
}

/**
 * From a tap on the category's first product link to the product page's heading on screen. A string, as
 * tsx names the functions it compiles with a helper the page does not have.
 */
const CATEGORY_TO_PRODUCT = `new Promise((resolve, reject) => {
  const link = document.querySelector('main a[href$="/p"]')
  if (!link) return reject(new Error('no product link on the category page'))
  const before = document.querySelector('h1')?.textContent
  const started = performance.now()
  const giveUp = setTimeout(() => reject(new Error('the product page did not show in 20 s')), 20000)
  const check = () => {
    if (location.pathname.endsWith('/p') && document.querySelector('h1')?.textContent !== before) {
      clearTimeout(giveUp)
      resolve(performance.now() - started)
    } else requestAnimationFrame(check)
  }
  link.click()
  requestAnimationFrame(check)
})`

const categoryToProduct = (page: import('@playwright/test').Page): Promise<number> => page.evaluate(CATEGORY_TO_PRODUCT) as Promise<number>

/**
 * Each page's blocking time and script time in Chromium at 4× CPU slowdown, `loads` times, the pages
 * (the floor among them, when it is served) taking turns so a slow spell of the machine falls on all of
 * them alike; and, after each category load, the client-side navigation to its first product.
 */
async function chromiumFigures(pages: readonly (readonly [string, string])[], loads: number): Promise<{ figures: Map<string, ChromiumFigures>; navigation: number[] }> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.filter((flag) => !flag.startsWith('--headless')) })
  const figures = new Map<string, ChromiumFigures>(pages.map(([name]) => [name, { blocking: [], script: [], style: [] }]))
  const navigation: number[] = []
  try {
    // Round -1 warms the server and the disk cache and is not counted.
    for (let i = -1; i < loads; i++) {
      for (const [name, url] of pages) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } })
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        await cdp.send('Performance.enable')
        await page.addInitScript(() => {
          const tasks: number[] = []
          Object.assign(window, { __longTasks: tasks })
          new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask', buffered: true })
        })
        await page.goto(url, { waitUntil: 'load' })
        await page.waitForTimeout(2500)
        const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks)
        const { metrics } = await cdp.send('Performance.getMetrics')
        const scriptSeconds = metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? NaN
        if (i >= 0) {
          figures.get(name)!.blocking.push(tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0))
          figures.get(name)!.script.push(scriptSeconds * 1000)
          figures.get(name)!.style.push((metrics.find((metric) => metric.name === 'RecalcStyleDuration')?.value ?? NaN) * 1000)
          if (name === 'category') {
            navigation.push(
              await categoryToProduct(page).catch((error: unknown) => {
                console.error('category → product navigation:', error instanceof Error ? error.message : error)
                return NaN
              }),
            )
          }
        }
        await context.close()
      }
    }
  } finally {
    await browser.close()
  }
  return { figures, navigation }
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
  const server = spawn(path.resolve('node_modules/.bin/tsx'), ['supervisor/start.ts'], {
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
  const allPages = [
    ['home', '/'],
    ['category', '/cane'],
    ['product', await firstProductPath()],
    ['search', '/s?q=crocchette'],
  ] as const
  const pages = onlyPages ? allPages.filter(([name]) => onlyPages.includes(name)) : allPages
  if (pages.length === 0) throw new Error(`LH_PAGES names no page of ${allPages.map(([name]) => name).join(', ')}`)

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags })
  const rows: string[] = []
  let untraced = 0
  let chromiumRun: Awaited<ReturnType<typeof chromiumFigures>> | null = null
  // The floor first, so every page's row can stand beside its figures; it stays up for the Chromium loads.
  const floor = withFloor ? await floorSite() : null
  try {
    const floorRuns: Figures[] = []
    if (floor) {
      for (let i = 0; i < runs; i++) floorRuns.push(await measure(chrome.port, floor.url, false, `floor-${i + 1}`))
      untraced += floorRuns.filter((f) => Number.isNaN(f.performance)).length
    }
    for (const [name, pagePath] of pages) {
      const normal: Figures[] = []
      const blocked: Figures[] = []
      for (let i = 0; i < runs; i++) {
        normal.push(await measure(chrome.port, `${site}${pagePath}`, false, `${name}-${i + 1}`))
        blocked.push(await measure(chrome.port, `${site}${pagePath}`, true, `${name}-blocked-${i + 1}`))
      }
      untraced += [...normal, ...blocked].filter((f) => Number.isNaN(f.performance)).length
      const limit = medianOf(blocked, 'lcp')
      rows.push(tableRow(`${name} \`${pagePath}\``, normal, (medianOf(normal, 'lcp') / limit).toFixed(2), floorRuns))
      rows.push(tableRow(`${name}, scripts blocked`, blocked, '1', floorRuns))
      console.log(rows.at(-2))
    }
    if (floor) rows.push(tableRow('floor: an empty Gatsby page', floorRuns, '–', floorRuns))
    if (chromiumLoads > 0) {
      const urls = [...pages.map(([name, pagePath]) => [name, `${site}${pagePath}`] as const), ...(floor ? [['floor', floor.url] as const] : [])]
      // A failure here must not cost the Lighthouse table above.
      chromiumRun = await chromiumFigures(urls, chromiumLoads).catch((error: unknown) => {
        console.error('the Chromium loads failed:', error)
        return null
      })
    }
  } finally {
    floor?.stop()
    await chrome.kill()
    stop()
  }
  console.log(`\nLighthouse 12.8, mobile, simulated throttling, median of ${runs}, ${products} products; reports in .lighthouse/\n`)
  console.log('| page | performance | accessibility | best practices | SEO | TBT | floor TBT | script time | floor script time | LCP | LCP ÷ limit | CLS | JS transferred |')
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) console.log(row)
  if (chromiumRun) {
    const { figures, navigation } = chromiumRun
    const floorFigures = figures.get('floor')
    const cell = (values: readonly number[] | undefined) => (values?.length ? `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})` : '–')
    console.log(`\nChromium at 4× CPU slowdown, ${chromiumLoads} loads a page: median (range) of the long tasks' blocking time, the script time and the style recalculation time, each beside the floor's of the same loads\n`)
    console.log('| page | blocking time | floor blocking time | script time | floor script time | style time | floor style time |')
    console.log('|---|---|---|---|---|---|---|')
    for (const [name, values] of figures) {
      if (name === 'floor') continue
      console.log(`| ${name} | ${cell(values.blocking)} | ${cell(floorFigures?.blocking)} | ${cell(values.script)} | ${cell(floorFigures?.script)} | ${cell(values.style)} | ${cell(floorFigures?.style)} |`)
    }
    const reached = navigation.filter((value) => !Number.isNaN(value))
    console.log(`\nClient-side navigation, category → its first product, tap to the product's heading: ${cell(reached)}${reached.length < navigation.length ? `, ${navigation.length - reached.length} that never showed left out` : ''}`)
  }
  if (untraced > 0) console.log(`\n${untraced} run(s) Lighthouse could not trace, left out of the medians (see .lighthouse/)`)
  process.exit(0)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
