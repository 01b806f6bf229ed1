/**
 * The storefront's search state (a category path, facet filters,
 * a sort, a zero-based page) and Intelligent Search's facet path, both ways
 * (req VTEX-04). Intelligent Search pages from 1, names sorts `price:asc`
 * and has no sort for relevance (its default, our `score_desc`).
 */
import type { SearchQuery, SearchSort } from '../../domain/types'

export const SORTS: Readonly<Record<SearchSort, string | null>> = {
  score_desc: null,
  price_asc: 'price:asc',
  price_desc: 'price:desc',
  name_asc: 'name:asc',
  name_desc: 'name:desc',
  discount_desc: 'discount:desc',
  release_desc: 'release:desc',
}

const SEGMENT = /^[a-z0-9][a-z0-9-]*$/
const PRICE = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/

/** The facet path of a query, trade policy first (Intelligent Search requires it); rejects what it cannot say. */
export function facetPath(query: Pick<SearchQuery, 'category' | 'filters'>, salesChannel: string): string {
  const pairs: [string, string][] = [['trade-policy', salesChannel]]
  const categoryPath = (slug: string) => {
    const parts = slug.split('/')
    if (!parts.every((p) => SEGMENT.test(p))) throw new RangeError(`not a category path: ${slug}`)
    return parts.map((part, i): [string, string] => [`category-${i + 1}`, part])
  }
  if (query.category) pairs.push(...categoryPath(query.category))
  for (const { key, value } of query.filters) {
    if (key === 'category') pairs.push(...categoryPath(value))
    else if (key === 'price') {
      const range = PRICE.exec(value)
      if (!range) throw new RangeError(`not a price range: ${value}`)
      pairs.push(['price', `${range[1]}:${range[2]}`])
    } else {
      if (!SEGMENT.test(key) || !SEGMENT.test(value) || /^(trade-policy|category-\d+)$/.test(key)) throw new RangeError(`not a facet: ${key}/${value}`)
      pairs.push([key, value])
    }
  }
  return pairs.map(([k, v]) => `${k}/${v}`).join('/')
}

/** The query a facet path says (the other way: a path Intelligent Search gives back, such as a breadcrumb's). */
export function queryOfFacetPath(path: string): Pick<SearchQuery, 'category' | 'filters'> {
  const parts = path.split('/').filter(Boolean)
  const categories: string[] = []
  const filters: SearchQuery['filters'] = []
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const key = decodeURIComponent(parts[i]!)
    const value = decodeURIComponent(parts[i + 1]!)
    const level = /^category-(\d+)$/.exec(key)
    if (key === 'trade-policy') continue
    if (level) categories[Number(level[1]) - 1] = value
    else if (key === 'price') filters.push({ key, value: value.replace(':', '-') })
    else filters.push({ key, value })
  }
  return { category: categories.length ? categories.join('/') : null, filters }
}
