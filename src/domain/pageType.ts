/**
 * The page types (req ROUTE-14), reported with analytics events. Every page
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

/** A flyer is a page whose name starts with "volantino", or one on the fullscreen template (req ROUTE-10). */
export function isFlyer(name: string, template?: string): boolean {
  return name.replace(/^\/+/, '').startsWith('volantino') || template === 'fullscreen'
}

/**
 * The page type read from a storefront path, for events about a URL rather
 * than the page on screen (and for pages that declare no type).
 */
export function pageTypeOf(pathname: string): PageType {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/') return 'home'
  if (path.endsWith('/p')) return 'productDetail'
  if (path === '/s') return 'search'
  if (path.startsWith('/marca/')) return 'brand'
  const first = path.split('/')[1] ?? ''
  if (isFlyer(first)) return 'flyer'
  if (first === 'login' || first === 'logout' || first === 'account' || first === 'checkout') return first
  if (first === 'added-to-cart' || first === '404' || first === '500' || first === 'fromApp') return 'institutional'
  return 'productList'
}
