/** The page types of spec §2, read from a storefront path. */
export type PageType = 'home' | 'productList' | 'productDetail' | 'search' | 'brand' | 'flyer' | 'login' | 'logout' | 'account' | 'checkout' | 'institutional'

export function pageTypeOf(pathname: string): PageType {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (path === '/') return 'home'
  if (path.endsWith('/p')) return 'productDetail'
  if (path === '/s') return 'search'
  if (path.startsWith('/marca/')) return 'brand'
  const first = path.split('/')[1] ?? ''
  if (first.startsWith('volantino')) return 'flyer'
  if (first === 'login' || first === 'logout' || first === 'account' || first === 'checkout') return first
  if (first === 'added-to-cart' || first === '404' || first === '500' || first === 'fromApp') return 'institutional'
  return 'productList'
}
