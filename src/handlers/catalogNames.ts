/**
 * Category and brand names for the search Functions, fetched once and kept
 * for ten minutes: they change only when the catalog is rebuilt. A failed
 * fetch is not kept, so the next request tries again.
 */
import type { CatalogAdapter } from '../commerce/capabilities'
import type { CatalogNames } from '../domain/search/query'

const TTL_MS = 10 * 60_000
let cached: { at: number; names: Promise<CatalogNames> } | null = null

export function catalogNames(catalog: CatalogAdapter, now = Date.now()): Promise<CatalogNames> {
  if (cached && now - cached.at < TTL_MS) return cached.names
  const names = Promise.all([catalog.categories(), catalog.brands()]).then(([categories, brands]) => ({ categories, brands }))
  cached = { at: now, names }
  names.catch(() => {
    if (cached?.names === names) cached = null
  })
  return names
}
