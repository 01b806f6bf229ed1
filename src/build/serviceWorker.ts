/**
 * Writes public/sw.js after the build: the worker of src/sw/ bundled with
 * esbuild into one classic script, with this build's configuration (the app's
 * chunks to fetch on install, the offline page, and a version taken from the
 * bundle itself, so any change of the app's chunks, the offline page or the
 * worker's code gives a new sw.js, which browsers pick up on their next
 * navigation).
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { buildSync } from 'esbuild'
import { offlinePageHtml } from '../sw/offlinePage'
import type { WorkerConfig } from '../sw/worker'

interface WebpackStats {
  namedChunkGroups?: Record<string, { assets?: { name: string }[] } | undefined>
}

/** The app's own chunks (webpack runtime, framework, app): every page needs them. */
export function precacheList(stats: WebpackStats): string[] {
  const assets = stats.namedChunkGroups?.app?.assets ?? []
  const files = assets.map((a) => a.name).filter((name) => /\.(js|css)$/.test(name))
  if (files.length === 0) throw new Error('webpack.stats.json names no asset of the "app" chunk group: the service worker would precache nothing')
  return [...new Set(files)].map((name) => `/${name}`)
}

/** Resolved from the project root, where the build runs (Gatsby compiles gatsby-node and its imports elsewhere). */
const ENTRY = path.resolve('src/sw/sw.ts')

function bundle(config: WorkerConfig): string {
  const result = buildSync({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2019',
    minify: true,
    legalComments: 'none',
    define: { __SW_CONFIG__: JSON.stringify(config) },
  })
  return result.outputFiles[0]!.text
}

/** The worker's source with its configuration; the version is a digest of everything else in it. */
export function serviceWorkerSource(stats: WebpackStats, compilationHash: string): { source: string; config: WorkerConfig } {
  const unversioned: WorkerConfig = { version: compilationHash, precache: precacheList(stats), offlineHtml: offlinePageHtml() }
  const version = createHash('sha256').update(bundle(unversioned)).digest('hex').slice(0, 16)
  const config = { ...unversioned, version }
  return { source: bundle(config), config }
}

export function writeServiceWorker(publicDir: string): WorkerConfig {
  const stats = JSON.parse(readFileSync(path.join(publicDir, 'webpack.stats.json'), 'utf8')) as WebpackStats
  const appData = JSON.parse(readFileSync(path.join(publicDir, 'page-data', 'app-data.json'), 'utf8')) as { webpackCompilationHash?: string }
  const { source, config } = serviceWorkerSource(stats, appData.webpackCompilationHash ?? '')
  writeFileSync(path.join(publicDir, 'sw.js'), source)
  return config
}
