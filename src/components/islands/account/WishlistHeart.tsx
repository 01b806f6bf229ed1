/**
 * The wishlist heart of a product (req WISH-03, WISH-04). A guest's heart is a
 * link to the login that comes back with `wishlistAdd={sku}`, and the product
 * is added once the shopper is back logged in: as built, to the product's own
 * page on that variant, so a tap before hydration or without JavaScript adds
 * it there; once hydrated, to the page the heart is on. A logged-in shopper's heart toggles.
 * The wishlist code loads only for a logged-in shopper, and every heart on
 * the page shares one copy of the list (one request, however many cards).
 */
import { useEffect, useState } from 'react'
import styled from 'styled-components'
import { paths } from '../../../config/paths'
import { loginHref, shopConfig } from '../../../config/shop'
import { identityTexts } from '../../../config/texts/identity'
import type { ProductSummary, WishlistItem } from '../../../domain/types'
import type { CardVariant } from '../../ui/ProductCard'
import type { SharedWishlist } from '../../../sdk/account/wishlist'
import { usePerson } from '../../../sdk/session/hooks'
import { focusRing } from '../../ui/focusRing'
import { theme } from '../../../config/theme'

const ADD_PARAM = 'wishlistAdd'
const loadWishlist = () => import('../../../sdk/account/wishlist')

/** The product's page on this variant, adding it: where a guest's heart leads before the page hydrates. */
export function productReturn(slug: string, sku: string): string {
  const query = new URLSearchParams({ skuId: sku, [ADD_PARAM]: sku })
  return `${shopConfig.storeUrl}${paths.product(slug)}?${query.toString()}`
}

function returnHere(sku: string): string {
  const url = new URL(window.location.href)
  url.searchParams.set(ADD_PARAM, sku)
  return url.toString()
}

export function WishlistHeart({ sku, slug, productId, name, brand, price }: { sku: string; slug: string; productId: string; name: string; brand: string; price: number }) {
  const person = usePerson()
  const [list, setList] = useState<WishlistItem[] | null>(null)
  const [busy, setBusy] = useState(false)
  const [guestHref, setGuestHref] = useState(() => loginHref(productReturn(slug, sku)))
  useEffect(() => setGuestHref(loginHref(returnHere(sku))), [sku])

  useEffect(() => {
    if (!person) return
    let current = true
    let unsubscribe = () => {}
    void (async () => {
      const wishlist = await loadWishlist()
      if (!current) return
      const follow = (state: SharedWishlist | null) => {
        if (current) setList(state?.email === person.email ? state.items : null)
      }
      unsubscribe = wishlist.wishlistState.subscribe(follow)
      follow(wishlist.wishlistState.read())
      await wishlist.ensureWishlist(person)
      const url = new URL(window.location.href)
      if (!current || url.searchParams.get(ADD_PARAM) !== sku) return
      // Back from the login a guest's heart sent them to: the product goes in now.
      url.searchParams.delete(ADD_PARAM)
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
      const items = wishlist.wishlistState.read()?.items ?? []
      if (items.some((i) => i.sku === sku)) return
      const next = await wishlist.addToWishlist(items, person, { sku, productId, name, brand, price })
      if (next) wishlist.setWishlist(person, next)
    })()
    return () => {
      current = false
      unsubscribe()
    }
  }, [person, sku, productId, name, brand, price])

  const entry = list?.find((i) => i.sku === sku)
  if (!person) {
    return (
      <Heart as="a" href={guestHref} aria-label={identityTexts.wishlistAdd(name)} data-testid="wishlist-heart" data-sku={sku}>
        <Icon filled={false} />
      </Heart>
    )
  }
  const toggle = async () => {
    if (!list || busy) return
    setBusy(true)
    const wishlist = await loadWishlist()
    const next = entry ? await wishlist.removeFromWishlist(list, person, entry) : await wishlist.addToWishlist(list, person, { sku, productId, name, brand, price })
    if (next) wishlist.setWishlist(person, next)
    setBusy(false)
  }
  return (
    <Heart
      type="button"
      onClick={() => void toggle()}
      aria-pressed={Boolean(entry)}
      aria-label={entry ? identityTexts.wishlistRemove(name) : identityTexts.wishlistAdd(name)}
      disabled={!list || busy}
      data-testid="wishlist-heart"
      data-sku={sku}
      data-in-wishlist={entry ? 'true' : 'false'}
    >
      <Icon filled={Boolean(entry)} />
    </Heart>
  )
}

function Icon({ filled }: { filled: boolean }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  )
}

const Heart = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border: 1px solid ${theme.colors.line};
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.surface};
  color: ${theme.colors.brand};
  cursor: pointer;
  ${focusRing()}
  &:disabled {
    cursor: progress;
  }
`

/** The heart of a product card (ProductCard's corner). */
export const cardHeart = (product: ProductSummary, variant: CardVariant) => (
  <WishlistHeart sku={variant.sku} slug={product.slug} productId={product.id} name={product.name} brand={product.brand.name} price={variant.offers.price} />
)

