/**
 * A build's HTML renderer: `.cache/page-ssr/routes/render-page.js`, the module `gatsby build` wrote every page
 * with. The server loads it in its own thread for two things, the search pages rendered with their results
 * (./searchPage.ts) and the frame fast path (./build/frame.ts), and both get it from here: one module per build
 * folder, whichever asks first.
 *
 * Loading it runs the build's server bundle, which may add process-wide listeners; a listener keeps the build's
 * modules alive after the build is no longer served. The listeners added while a build's renderer loads are
 * recorded against the build's folder, and `unloadBuild` (called when the server retires the build, ./pages.ts)
 * removes them and forgets the modules loaded from that folder.
 */
import type { EventEmitter } from 'node:events'
import { existsSync } from 'node:fs'
import path from 'node:path'

export interface HtmlRenderer {
  default(args: Record<string, unknown>): Promise<{ html: string }>
}

type Listener = [string | symbol, (...args: unknown[]) => void]

/** The renderer each build folder loaded, and the process listeners its loading added. */
const loaded = new Map<string, HtmlRenderer>()
const processListeners = new Map<string, Listener[]>()

/** Where a build keeps its HTML renderer. */
export function htmlRendererFile(siteDir: string): string {
  return path.join(siteDir, '.cache', 'page-ssr', 'routes', 'render-page.js')
}

/** Runs `load`, noting against `dir` the process listeners it adds. */
function recording<T>(dir: string, load: () => T): T {
  const emitter = process as EventEmitter
  const before = new Map(emitter.eventNames().map((event) => [event, new Set(emitter.listeners(event))]))
  try {
    return load()
  } finally {
    const added = processListeners.get(dir) ?? []
    for (const event of emitter.eventNames()) {
      for (const listener of emitter.listeners(event) as Listener[1][]) if (!before.get(event)?.has(listener)) added.push([event, listener])
    }
    if (added.length) processListeners.set(dir, added)
  }
}

/** The build's HTML renderer, loaded once per build folder; throws when the build has none. */
export function loadHtmlRenderer(siteDir: string): HtmlRenderer {
  const known = loaded.get(siteDir)
  if (known) return known
  const file = htmlRendererFile(siteDir)
  if (!existsSync(file)) throw new Error(`the build has no HTML renderer (${file})`)
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- build output, found at run time
  const renderer = recording(siteDir, () => require(file) as HtmlRenderer)
  loaded.set(siteDir, renderer)
  return renderer
}

/** Lets go of a build's renderer: removes the process listeners its loading added and forgets the modules loaded from its folder. */
export function unloadBuild(siteDir: string): void {
  for (const [event, listener] of processListeners.get(siteDir) ?? []) (process as EventEmitter).removeListener(event, listener)
  processListeners.delete(siteDir)
  loaded.delete(siteDir)
  const prefix = siteDir + path.sep
  for (const key of Object.keys(require.cache)) if (key.startsWith(prefix)) delete require.cache[key]
}
