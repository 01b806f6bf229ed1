/**
 * The page types of spec §2, reported with analytics events. Every page
 * states its type in its Head (`<body data-page-type>`), so the type is in the
 * static HTML and readable by any script, ours or the tag manager's.
 */
export const PAGE_TYPES = [
  'home',
  'productList',
  'productDetail',
  'search',
  'brand',
  'institutional',
  'serviceBooking',
  'flyer',
  'login',
  'logout',
  'checkout',
  'account',
  'other',
] as const

export type PageType = (typeof PAGE_TYPES)[number]

/** Spec §2: a flyer is a page whose name starts with "volantino", or one on the fullscreen template. */
export function isFlyer(name: string, template?: string): boolean {
  return name.replace(/^\/+/, '').startsWith('volantino') || template === 'fullscreen'
}

/** The type the current page declared, "other" when it declared none. */
export function currentPageType(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): PageType {
  const declared = doc?.body?.dataset.pageType
  return (PAGE_TYPES as readonly string[]).includes(declared ?? '') ? (declared as PageType) : 'other'
}
