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

/**
 * The fragments the add-to-cart form's answer lands on (req CART-30): the
 * pages show the matching message through CSS `:target`, which needs no
 * JavaScript, so a browser without it still learns how the add went.
 */
export const addToCartOutcome = {
  /** On /added-to-cart: the line is in the cart. */
  added: 'aggiunto',
  /** On the product page: the platform refused the line (unknown or unsellable sku, quantity out of bounds). */
  refused: 'prodotto-non-aggiunto',
  /** On the product page: the platform could not be reached. */
  unreachable: 'carrello-non-raggiungibile',
} as const

/** File-route pages (src/pages) that content may link to. */
export const staticRoutes = ['/', '/s', '/added-to-cart', '/404', '/500', '/fromApp', '/guest-order'] as const
