/**
 * Browser modules Gatsby bundles into every page that do nothing in a production build, replaced by
 * `noBrowserPlugin.ts`.
 *
 * Gatsby registers its internal Partytown plugin in every site. Its gatsby-browser injects the scripts of
 * `<Script strategy="off-main-thread">` in `gatsby develop` only: in production it returns before doing
 * anything. But it requires gatsby-script and Partytown's integration at the top, as CommonJS, which webpack
 * cannot shake, so both were in every page's first load. The replacement keeps production's behaviour exactly;
 * gatsby-script itself stays importable from `gatsby` for a page that uses `<Script>`.
 */
import path from 'node:path'
import type { Compiler } from 'webpack'

/** The requests replaced: Gatsby's internal plugins' browser entries that run in `gatsby develop` only. */
export const DEVELOPMENT_ONLY = [/[\\/]gatsby[\\/]dist[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$/]

/** From the project's folder, where the build runs: Gatsby bundles gatsby-node and its imports elsewhere. */
export const NO_BROWSER_PLUGIN = path.resolve('src', 'build', 'noBrowserPlugin.ts')

export class DevelopmentOnlyPlugin {
  apply(compiler: Compiler): void {
    for (const request of DEVELOPMENT_ONLY) new compiler.webpack.NormalModuleReplacementPlugin(request, NO_BROWSER_PLUGIN).apply(compiler)
  }
}
