/**
 * Whether a build keeps the catalog the build before it sourced, instead of
 * reading the whole catalog again (gatsby-node.ts): reading it is most of a
 * content change's build on a large catalog, and Gatsby's data store already
 * holds it. The build keeps it only when it can show that nothing it would
 * read has changed:
 *
 * - the backend answers a revision (the embedded platform does, from its
 *   database; VTEX cannot, so a VTEX build always reads it all);
 * - the revision, the code that turned answers into nodes, and a sample (the
 *   first products, the categories and the brands, as the backend answers
 *   them) are those the last sourcing recorded: a new deploy of the
 *   storefront, or a platform answering at another address or with other
 *   categories than its database's, reads it all again;
 * - the data store still holds as many nodes as that sourcing created.
 *
 * `CATALOG_SOURCING=always` reads it all on every build, as before.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'

/** How a build's log says it kept the catalog (gatsby-node.ts writes it; the server's rebuilds and the bench read it). */
export const CATALOG_KEPT = 'catalog: unchanged since the last build'

export const CATALOG_TYPES = ['Category', 'Brand', 'Product'] as const
export type CatalogType = (typeof CATALOG_TYPES)[number]
export type CatalogCounts = Record<CatalogType, number>

/** What one sourcing read the catalog at: kept in Gatsby's cache beside the nodes it made. */
export interface CatalogStamp {
  revision: string
  code: string
  sample: string
}

export interface SourcedCatalog extends CatalogStamp {
  counts: CatalogCounts
}

export type SourcingSetting = 'changed' | 'always'

export class SourcingSettingError extends Error {}

export function sourcingSetting(value: string | undefined): SourcingSetting {
  const setting = value?.trim() || 'changed'
  if (setting !== 'changed' && setting !== 'always') {
    throw new SourcingSettingError(`CATALOG_SOURCING must be "changed" (read the catalog only when its revision changed) or "always", got "${value}"`)
  }
  return setting
}

export const digestOf = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32)

/** A digest of the code running this build's gatsby-node (Gatsby compiles it, with everything it imports, into one file); null when there is none. */
export function codeDigest(compiledFile: string): string | null {
  return existsSync(compiledFile) ? createHash('sha256').update(readFileSync(compiledFile)).digest('hex').slice(0, 32) : null
}

function isSourcedCatalog(value: unknown): value is SourcedCatalog {
  const v = value as Partial<SourcedCatalog> | null | undefined
  return (
    typeof v?.revision === 'string' &&
    typeof v.code === 'string' &&
    typeof v.sample === 'string' &&
    typeof v.counts === 'object' &&
    v.counts !== null &&
    CATALOG_TYPES.every((type) => Number.isInteger(v.counts?.[type]))
  )
}

export type KeepDecision = { keep: true } | { keep: false; why: string }

/**
 * `previous` is what the cache holds (anything, or nothing), `stamp` this build's (null when the backend answers
 * no revision or the code has no digest), `held` the nodes the data store holds now.
 */
export function keepsCatalog(setting: SourcingSetting, previous: unknown, stamp: CatalogStamp | null, held: CatalogCounts): KeepDecision {
  if (setting === 'always') return { keep: false, why: 'CATALOG_SOURCING=always' }
  if (stamp === null) return { keep: false, why: 'the backend tells no catalog revision, or the build’s code has none' }
  if (!isSourcedCatalog(previous)) return { keep: false, why: 'no earlier sourcing is recorded' }
  if (previous.revision !== stamp.revision) return { keep: false, why: 'the catalog changed' }
  if (previous.code !== stamp.code) return { keep: false, why: 'the build’s code changed' }
  if (previous.sample !== stamp.sample) return { keep: false, why: 'the catalog’s first products read differently' }
  const lost = CATALOG_TYPES.find((type) => held[type] !== previous.counts[type])
  if (lost) return { keep: false, why: `the data store holds ${held[lost]} ${lost} nodes, not the ${previous.counts[lost]} sourced` }
  if (held.Product === 0) return { keep: false, why: 'the data store holds no product' }
  return { keep: true }
}
