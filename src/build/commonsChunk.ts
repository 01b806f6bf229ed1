/**
 * Gatsby's `commons` chunk is meant for the modules every page component uses ("used on all components"),
 * and every page loads it. Gatsby counts a module's chunks of every kind, though, so a module used by as
 * many lazy chunks as there are page components (the wire's client, used by the islands, the panels and the
 * boot) landed in `commons`, and in every page's first load, although no page needs it to hydrate.
 * `pageComponentsOnlyCommons` makes the group count page components only; a module the lazy chunks share
 * goes to Gatsby's `shared` chunks instead, loaded with the chunks that need it.
 */
import type { Configuration } from 'webpack'

/** Gatsby names each page component's chunk `component---<path>`. */
export const isPageComponentChunk = (chunk: { name?: string | null }): boolean => chunk.name?.startsWith('component---') ?? false

/** Restricts Gatsby's `commons` group to page components' chunks; answers whether the group was found. */
export function pageComponentsOnlyCommons(config: Configuration): boolean {
  const splitChunks = config.optimization?.splitChunks
  const commons = splitChunks && typeof splitChunks === 'object' ? splitChunks.cacheGroups?.commons : undefined
  if (!commons || typeof commons !== 'object' || commons instanceof RegExp || typeof commons === 'function') return false
  commons.chunks = isPageComponentChunk
  return true
}
