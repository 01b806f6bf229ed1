/**
 * `npm run bench:releases`: over the project's last build (run `npm run build`
 * first; deferred product pages make it measure the engines too), prints
 *  - what publishing a build costs: the plain recursive copy it replaced, the
 *    first release (every file copied) and a release after a rebuild that
 *    wrote nothing (unchanged files linked), each with its time, the longest
 *    the event loop waited meanwhile, and the disk the releases take;
 *  - what serving build after build costs in memory: RELEASES releases
 *    (default 8) opened one after the other by the production server's pages,
 *    each asked for a deferred page, with the builds no longer served let go
 *    and without, with the process's memory after each.
 * Everything is written under the system's temporary folder and removed.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { RELEASE_PARTS, Releases } from '../releases/releases'
import { registerPages } from '../serve/site'

const project = path.resolve('.')
const count = Number(process.env.RELEASES ?? 8)
const MB = 1024 * 1024

/** Runs `work`, answering its seconds and the longest gap between two ticks of a 1 ms timer meanwhile. */
async function timed(work: () => unknown): Promise<{ seconds: number; maxLagMs: number }> {
  let last = performance.now()
  let maxLagMs = 0
  const timer = setInterval(() => {
    const now = performance.now()
    maxLagMs = Math.max(maxLagMs, now - last)
    last = now
  }, 1)
  const started = performance.now()
  await work()
  const seconds = (performance.now() - started) / 1000
  maxLagMs = Math.max(maxLagMs, performance.now() - last)
  clearInterval(timer)
  return { seconds, maxLagMs }
}

const du = (dir: string) => Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) / 1024

/** A product page the build deferred: in the sitemap, with no file in public/. */
function deferredPage(): string | null {
  const publicDir = path.join(project, 'public')
  for (const file of readdirSync(publicDir).filter((name) => /^sitemap.*\.xml$/.test(name))) {
    for (const [, url] of readFileSync(path.join(publicDir, file), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const pagePath = new URL(url!).pathname
      if (!existsSync(path.join(publicDir, pagePath, 'index.html')) && pagePath.split('/').filter(Boolean).length >= 1 && !pagePath.endsWith('.xml')) return pagePath
    }
  }
  return null
}

async function publishing(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-releases-'))
  try {
    const plain = path.join(work, 'plain')
    const copy = await timed(() => {
      for (const part of RELEASE_PARTS) if (existsSync(path.join(project, part))) cpSync(path.join(project, part), path.join(plain, part), { recursive: true })
    })
    const releases = new Releases(project, path.join(work, 'releases'))
    const first = await timed(() => releases.release())
    const firstCopy = releases.lastCopy
    const firstDisk = du(path.join(work, 'releases'))
    const second = await timed(() => releases.release())
    console.log('\nPublishing a build (event-loop lag = the longest the server could answer nothing)')
    console.log('| How | Seconds | Longest event-loop wait | Files copied | Files linked | Disk |')
    console.log('| --- | --- | --- | --- | --- | --- |')
    console.log(`| plain recursive copy (before) | ${copy.seconds.toFixed(2)} | ${copy.maxLagMs.toFixed(0)} ms | all | 0 | ${du(plain).toFixed(0)} MB |`)
    console.log(`| first release | ${first.seconds.toFixed(2)} | ${first.maxLagMs.toFixed(0)} ms | ${firstCopy.copied} | ${firstCopy.linked} | ${firstDisk.toFixed(0)} MB |`)
    console.log(`| release after a rebuild that wrote nothing | ${second.seconds.toFixed(2)} | ${second.maxLagMs.toFixed(0)} ms | ${releases.lastCopy.copied} | ${releases.lastCopy.linked} | ${du(path.join(work, 'releases')).toFixed(0)} MB for both |`)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

async function serving(retire: boolean, page: string): Promise<number[]> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-releases-'))
  const releases = new Releases(project, path.join(work, 'releases'))
  let current = await releases.release()
  const app = Fastify()
  const security = { frameAncestors: [], scriptSources: [], platformOrigins: [], connectOrigins: [] }
  // Without letting go, a build no longer served would stay until the process ends: a day stands for that.
  await registerPages(app, { siteDir: current, security, currentSite: () => current, retireAfterMs: retire ? 0 : 86_400_000 })
  const rss: number[] = []
  try {
    for (let i = 0; i < count; i++) {
      if (i > 0) current = await releases.release()
      const answer = await app.inject({ method: 'GET', url: page })
      if (answer.statusCode !== 200) throw new Error(`${page} answered ${answer.statusCode}`)
      // Twice, so the modules that were let go are collected.
      global.gc?.()
      await new Promise((resolve) => setTimeout(resolve, 50))
      global.gc?.()
      rss.push(process.memoryUsage().rss / MB)
    }
  } finally {
    await app.close()
    rmSync(work, { recursive: true, force: true })
  }
  return rss
}

async function main(): Promise<void> {
  if (!existsSync(path.join(project, 'public', 'index.html'))) throw new Error('no build in public/: run `npm run build` first')
  const mode = process.argv[2]
  if (!mode) await publishing()
  const page = deferredPage()
  if (!page || !existsSync(path.join(project, '.cache', 'query-engine', 'index.js'))) {
    console.log('\nThe build has no deferred page (PREBUILD_PRODUCTS): the engines are not measured.')
    return
  }
  if (mode === 'kept' || mode === 'retired') {
    // One measure per process, so one does not inherit the other's heap: printed for the parent to read.
    console.log(`RSS ${JSON.stringify(await serving(mode === 'retired', page))}`)
    // Builds kept loaded keep their engines' threads running: they end with the process.
    process.exit(0)
  }
  const measure = (how: string) => {
    const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', __filename, how], { encoding: 'utf8', env: { ...process.env } })
    return JSON.parse(/^RSS (.*)$/m.exec(output)![1]!) as number[]
  }
  const kept = measure('kept')
  const retired = measure('retired')
  console.log(`\nServing ${count} builds one after the other, each asked for the deferred page ${page}: resident memory (MB) after each`)
  console.log(`| Builds served so far | ${kept.map((_, i) => `${i + 1}`).join(' | ')} |`)
  console.log(`| --- | ${kept.map(() => '---').join(' | ')} |`)
  console.log(`| kept loaded (before) | ${kept.map((mb) => mb.toFixed(0)).join(' | ')} |`)
  console.log(`| let go (now) | ${retired.map((mb) => mb.toFixed(0)).join(' | ')} |`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
