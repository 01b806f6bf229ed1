/**
 * Typed access to build-time content in components. Components run a static
 * (or page) query for `cmsContent(name: {eq: "…"}) { data }` and pass the
 * result here; the data was checked against the schema when the build read
 * it, so its type is the schema's.
 */
import type { CmsData, CmsName } from '../../cms/registry'

export type { CmsData, CmsName }

export interface CmsContentResult {
  cmsContent: { data: unknown } | null
}

/** A page query's `cmsEntry(file: {eq: "…"}, slug: {eq: $slug}) { data }`: one entry of a file of many (a CMS page, a flyer). */
export interface CmsEntryResult<T> {
  cmsEntry: { data: T } | null
}

export function cmsEntry<T>(file: 'pages' | 'flyers', slug: string, result: CmsEntryResult<T>): T {
  if (!result.cmsEntry) throw new Error(`"${slug}" is missing from ${file}.json in the build`)
  return result.cmsEntry.data
}

export function cmsData<N extends CmsName>(_name: N, result: CmsContentResult): CmsData<N> {
  if (!result.cmsContent) throw new Error(`content "${_name}" is missing from the build`)
  return result.cmsContent.data as CmsData<N>
}
