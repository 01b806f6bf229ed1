/**
 * Serves the last build: `tsx serve/main.ts` (what `npm start` supervises,
 * and `npm run serve` runs alone). Stops cleanly on SIGINT/SIGTERM: no new
 * connections, requests in flight finish, then the process exits.
 *
 * With BUILD_HOOK_TOKEN set this server also runs the rebuilds (releases/):
 * it serves a copy of the last good build and switches to each new one that
 * finishes, when the editing screen publishes or the platform changes a price.
 */
import { stopOnSignals } from '../http/shutdown'
import { buildServer } from './app'
import { publishCatalogChange } from '../releases/catalog'
import { publishContentChange } from '../releases/content'
import { fastPlan } from '../releases/fastPaths'
import { publishFrame } from '../releases/frame'
import { gatsbyExecutor } from '../releases/gatsby'
import { Releases } from '../releases/releases'
import { BuildRunner } from '../releases/runner'
import { fileJournal } from '../releases/journal'
import { contentSince } from '../src/build/contentStamp'
import { contentDir } from '../cms/load'
import path from 'node:path'
import { readServerConfig } from './config'
import type { Pages } from './site'
import { buildEnv } from '../releases/buildEnv'
import { GATHER_MS, redactedUrl, vtexNotificationsFromEnv } from './vtexNotifications'

/** The first ten pages a fast path wrote, for the log. */
const someOf = (pages: string[]): string => `${pages.slice(0, 10).join(', ')}${pages.length > 10 ? ', …' : ''}`

async function main(): Promise<void> {
  const config = readServerConfig()
  const started = Date.now()
  const token = process.env.BUILD_HOOK_TOKEN
  // VTEX's catalog notifications (docs/vtex.md), checked before anything starts: a doubtful setting stops the server.
  const vtex = vtexNotificationsFromEnv(process.env, token)
  let builds: { releases: Releases; runner: BuildRunner; token: string } | undefined
  let pages: Pages | undefined
  if (token) {
    // A release stays a minute after it stops being served, as its engines do (serve/site.ts).
    const releases = new Releases(config.siteDir, undefined, { retainMs: 60_000 })
    // A build that stopped halfway left the project folder half-written: the last release stays. Otherwise the
    // project folder holds the build `npm start` just finished (or the one SKIP_BUILD=1 asks to serve).
    if (!(releases.interrupted() && releases.currentDir())) await releases.release()
    const timeoutMs = Number(process.env.BUILD_TIMEOUT_MS) > 0 ? Number(process.env.BUILD_TIMEOUT_MS) : undefined
    const execute = gatsbyExecutor({ projectDir: config.siteDir, releases, env: buildEnv(process.env), prepare: (dir) => pages?.warm(dir), timeoutMs })
    const runner = new BuildRunner({
      // Changes taken and not live yet survive a restart: they are asked for again below.
      journal: fileJournal(path.join(releases.dir, 'changes-waiting.json')),
      // VTEX notifies one sku a request: a bulk change's first sku waits for the rest of its burst.
      ...(vtex ? { gatherMs: GATHER_MS } : {}),
      execute: async (job, stage) => {
        const report = await execute(job, stage)
        console.log(`build ${job.id} (${job.kinds.join(', ')}) live: ${report.pagesWritten ?? 0} pages written, catalog ${report.catalogKept ? 'kept' : 'read in full'}`)
        return report
      },
      // A change to the frame's content is patched into a new release instead of rendering every page; a content
      // page's change and a price or stock change render only the pages that show them (releases/fastPaths.ts).
      fast: {
        accepts: (job) => fastPlan(job) !== null,
        execute: async (job, stage) => {
          // Content published without its hook reaching this server is carried too, or the whole site is built.
          const unseen = (contentSince(releases.currentDir()!, contentDir(process.env)) ?? []).filter((file) => !job.items.includes(file))
          const plan = fastPlan(unseen.length > 0 ? { ...job, items: [...job.items, ...unseen] } : job)
          if (!plan) throw new Error(`content changed without its hook reaching this server (${unseen.join(', ')}): building the whole site`)
          let pagesWritten = 0
          if (plan.frame) {
            const report = await publishFrame({ projectDir: config.siteDir, releases, env: process.env }, stage)
            console.log(`build ${job.id} (frame) live: ${report.pagesWritten} pages patched, ${report.stylesAdded} with rules of their own`)
            pagesWritten += report.pagesWritten
          }
          const deferred = (pagePath: string) => pages?.deferredPage(pagePath) ?? Promise.resolve(null)
          if (plan.pages.length > 0) {
            const report = await publishContentChange({ projectDir: config.siteDir, releases, env: process.env, deferred }, plan.pages, stage)
            console.log(`build ${job.id} (${plan.pages.join(', ')}) live: ${report.pagesWritten} pages rendered (${someOf(report.pages)})`)
            pagesWritten += report.pagesWritten
          }
          if (plan.skus.length > 0) {
            const report = await publishCatalogChange({ releases, env: process.env, deferred }, plan.skus, stage)
            console.log(`build ${job.id} (prices and stock of ${plan.skus.length} skus) live: ${report.pagesWritten} pages rendered (${someOf(report.pages)})`)
            pagesWritten += report.pagesWritten
          }
          pages?.warm(releases.currentDir()!)
          return { pagesWritten }
        },
      },
    })
    builds = { releases, runner, token }
  }
  const app = await buildServer({
    siteDir: config.siteDir,
    security: config.security,
    trustProxy: config.trustProxy,
    limits: config.limits,
    pageCacheBytes: config.pageCacheBytes,
    // A request's address is logged without the notification token it may carry.
    logger: { level: process.env.SITE_LOG_LEVEL ?? 'warn', serializers: { req: (request: { method: string; url: string }) => ({ method: request.method, url: redactedUrl(request.url) }) } },
    ...(builds
      ? { currentSite: () => builds.releases.currentDir()!, builds: { runner: builds.runner, token: builds.token, ...(vtex ? { vtex } : {}) }, onPages: (handle: Pages) => (pages = handle) }
      : {}),
  })
  const url = await app.listen({ host: config.host, port: config.port })
  console.log(`storefront server listening on ${url} (ready in ${Date.now() - started} ms)${builds ? `, rebuild hooks on${vtex ? ', VTEX catalog notifications on' : ''}` : ''}`)
  if (builds) {
    // Once serving, so that the fast paths find the pages' engines.
    const resumed = builds.runner.resume()
    if (resumed > 0) console.log(`storefront server: building again the changes taken before a restart and not yet live (${resumed} kinds of change)`)
    // Content published while no server was up to take the hook (src/build/contentStamp.ts).
    try {
      const since = contentSince(builds.releases.currentDir()!, contentDir(process.env))
      if (since && since.length > 0) {
        console.log(`storefront server: the content changed since the build served (${since.join(', ')}), building it`)
        builds.runner.request({ kind: 'content', items: since })
      }
    } catch (error) {
      console.error(`storefront server: the content the build served could not be compared with cms/, building the whole site: ${error instanceof Error ? error.message : String(error)}`)
      builds.runner.request({ kind: 'content', items: [], complete: false })
    }
  }

  stopOnSignals({
    close: () => app.close(),
    onStop: (signal) => console.log(`storefront server: ${signal}, stopping`),
    forceExitAfterMs: 10_000,
  })
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
