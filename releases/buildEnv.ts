/**
 * The environment of a `gatsby build`, the same whether `npm start`, a bench
 * or the storefront server's rebuilds run it.
 */
/**
 * What the launchers give the servers alone (the storefront's address, its rebuild hooks and their limits, its
 * log level, the proof its Functions give the platform), which the build never reads. The server passes its own
 * environment to the rebuilds it runs.
 */
export const SERVER_ONLY_VARIABLES = ['SITE_PORT', 'HOST', 'BUILD_HOOK_TOKEN', 'BUILD_TIMEOUT_MS', 'SITE_LOG_LEVEL', 'PLATFORM_PROXY_SECRET'] as const

/**
 * The environment for `gatsby build`, the same whether `npm start`, the bench or the storefront server runs it,
 * without the server's own variables, which no build reads. (Whatever else differs between two builds'
 * environments no longer reaches the HTML renderer either: src/build/rendererEnv.ts.)
 *
 * Gatsby's own dependencies (node-fetch's URL parser) still load Node's deprecated `punycode` module, and Gatsby
 * prints the deprecation as an error line. Only that one warning is silenced; every other stays.
 */
export function buildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const build = { ...env }
  for (const name of SERVER_ONLY_VARIABLES) delete build[name]
  const options = build.NODE_OPTIONS ?? ''
  if (!options.includes('--disable-warning=DEP0040')) build.NODE_OPTIONS = `${options} --disable-warning=DEP0040`.trim()
  return build
}
