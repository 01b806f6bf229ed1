/**
 * The environment Gatsby writes into the HTML renderer.
 *
 * For its `build-html` stage Gatsby defines every variable of the build's environment as a constant of the
 * renderer's bundle (webpack's DefinePlugin), where the browser's bundle gets only `GATSBY_*` ones. So a
 * component that read a variable of the server's would render one thing into the static HTML and another in
 * the browser (a hydration mismatch), and a secret of the build's environment (the database's address, the
 * admin token, a VTEX app key) would be written into `.cache/page-ssr` and the deferred pages' engines.
 *
 * The renderer runs the same components as the browser, so it gets what the browser gets: the `GATSBY_*`
 * variables and Gatsby's own. Any other `process.env.X` in the renderer reads as undefined, as in the
 * browser; `process.env` itself stays the empty object Gatsby defines. (Gatsby would also give the browser the non-`GATSBY_` keys of a
 * `.env.<environment>` file; the project has none, and the renderer would not get them.)
 */
import type { Configuration, WebpackPluginInstance } from 'webpack'

/** What Gatsby defines for every stage, which its runtime and ours read (BUILD_STAGE picks the static sections' code). */
const GATSBY_OWN = new Set(['NODE_ENV', 'PUBLIC_DIR', 'BUILD_STAGE', 'CYPRESS_SUPPORT'])

const ENV_KEY = /^process\.env\.(.+)$/

/** Whether a DefinePlugin definition stays in the renderer: anything not a variable, Gatsby's own, and GATSBY_*. */
export function keepsDefinition(key: string): boolean {
  const variable = ENV_KEY.exec(key)?.[1]
  return variable === undefined || GATSBY_OWN.has(variable) || variable.startsWith('GATSBY_')
}

interface DefinePluginLike {
  definitions: Record<string, unknown>
}

const isDefinePlugin = (plugin: unknown): plugin is WebpackPluginInstance & DefinePluginLike =>
  typeof plugin === 'object' && plugin !== null && plugin.constructor?.name === 'DefinePlugin' && typeof (plugin as Partial<DefinePluginLike>).definitions === 'object'

/**
 * Drops, from the renderer's config, the definitions of variables the renderer does not read. Answers the
 * names dropped; throws when the config has no DefinePlugin, since Gatsby would then have changed how it
 * passes the environment and this guard would silently stop working.
 */
export function limitRendererEnv(config: Configuration): string[] {
  const defines = (config.plugins ?? []).filter(isDefinePlugin)
  if (defines.length === 0) throw new Error('the HTML renderer’s webpack config has no DefinePlugin: Gatsby changed how it defines the environment')
  const dropped: string[] = []
  for (const plugin of defines) {
    for (const key of Object.keys(plugin.definitions)) {
      if (keepsDefinition(key)) continue
      delete plugin.definitions[key]
      dropped.push(key.slice('process.env.'.length))
    }
  }
  return dropped
}
