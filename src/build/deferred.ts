/**
 * How many product pages a build renders ahead of time. Products come in
 * catalog order (the platform's position: best sellers first); the ones past
 * this count are deferred (Gatsby's deferred static generation): rendered on
 * their first request by `gatsby serve`, then kept as static files.
 * docs/large-catalogs.md has the figures behind the default.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'

export const DEFAULT_PREBUILT_PRODUCTS = 25_000

export class PrebuildSettingError extends Error {}

/** Reads PREBUILD_PRODUCTS: unset or empty gives the default; anything but a whole number ≥ 0 is an error. */
export function prebuiltProducts(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PREBUILT_PRODUCTS
  const text = value.trim().replace(/_/g, '')
  if (!/^\d+$/.test(text)) throw new PrebuildSettingError(`PREBUILD_PRODUCTS must be a whole number of product pages (0 or more), got "${value}"`)
  return Number(text)
}


/** The files a page built ahead of time leaves in `public/`: its HTML and its page data. */
export function prebuiltFiles(publicDir: string, pagePath: string): string[] {
  return [path.join(publicDir, pagePath, 'index.html'), path.join(publicDir, 'page-data', pagePath, 'page-data.json')]
}

/**
 * Deferred pages that still have files from an earlier build that prebuilt
 * them. Gatsby leaves those files when a page turns deferred, and
 * `gatsby serve` answers from `public/` before it asks the engines, so they
 * would go on showing that build's product (price, stock) until removed.
 */
export function stalePrebuiltPages(publicDir: string, deferredPaths: readonly string[]): string[] {
  return deferredPaths.filter((pagePath) => prebuiltFiles(publicDir, pagePath).some((file) => existsSync(file)))
}
