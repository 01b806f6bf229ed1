/**
 * The storefront's own URLs in one place, so pages, links, the sitemap and the
 * content link check agree.
 */
export const paths = {
  home: '/',
  category: (slug: string) => `/${slug}`,
  product: (slug: string) => `/${slug}/p`,
  brand: (slug: string) => `/marca/${slug}`,
  search: (term: string) => `/s?q=${encodeURIComponent(term)}`,
  addedToCart: (skuId: string) => `/added-to-cart?skuId=${encodeURIComponent(skuId)}`,
  notFound: (from: string) => `/404?from=${encodeURIComponent(from)}`,
  serverError: (from: string) => `/500?from=${encodeURIComponent(from)}&errorId=unknown`,
  fromApp: '/fromApp',
  logout: '/logout',
  guestOrder: '/guest-order',
} as const

/** File-route pages (src/pages) that content may link to. */
export const staticRoutes = ['/', '/s', '/added-to-cart', '/404', '/500', '/fromApp', '/guest-order'] as const
