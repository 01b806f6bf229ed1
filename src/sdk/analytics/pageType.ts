/**
 * The page type the page on screen declared in its Head (`<body data-page-type>`).
 */
import { PAGE_TYPES, type PageType } from '../../domain/pageType'

/** The type the current page declared in its Head, if it declared one. */
export function declaredPageType(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): PageType | null {
  const declared = doc?.body?.dataset.pageType
  return (PAGE_TYPES as readonly string[]).includes(declared ?? '') ? (declared as PageType) : null
}

/** The type the current page declared, "other" when it declared none. */
export function currentPageType(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): PageType {
  return declaredPageType(doc) ?? 'other'
}
