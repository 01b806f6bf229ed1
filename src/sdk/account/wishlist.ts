/**
 * The wishlist in the browser (req WISH-01, WISH-02, WISH-03, CALL-11, ERR-06). The list is the platform's;
 * this keeps a copy for the hearts. A successful add appends the item to the
 * local list by sku; a removal succeeds only when the answer says removed;
 * both answer false when the call did not answer 200. Adds and removals are
 * tracked (add-to-wishlist and GA4's add_to_wishlist, remove-from-wishlist);
 * a tracking failure is only logged.
 *
 * Every heart on a page shares one copy (`wishlistState`): the copy this tab
 * kept in session storage shows at once, and one request per page load
 * refreshes it, however many product cards the page has.
 */
import { createBaseStore } from '@faststore/sdk'
import { WISHLIST_CACHE_KEY } from '../../config/constants'
import type { Person } from '../../config/session'
import type { WishlistItem } from '../../domain/types'
import { loadParser, parserLoaded, wireSchema, z } from '../../wire/zod'
import { track } from '../analytics/dataLayer'
import { call } from '../core/client'
import { browserStorage, stored, type StorageLike } from '../core/storage'

const Cached = z.object({ email: z.string(), items: z.array(wireSchema('WishlistItem')) })
export type SharedWishlist = z.output<typeof Cached>

/** The wishlist of the person it names, for every heart; null until known. */
export const wishlistState = createBaseStore<SharedWishlist | null>(null)

let loading: { email: string; done: Promise<void> } | null = null

/** Keeps `items` as the person's wishlist, for every heart and for this tab's next pages. */
export function setWishlist(person: Person, items: WishlistItem[], storage: StorageLike | null = browserStorage('sessionStorage')): void {
  const next = { email: person.email, items }
  wishlistState.set(next)
  stored(storage).write(WISHLIST_CACHE_KEY, next satisfies z.input<typeof Cached>)
}

/**
 * Makes `wishlistState` the person's: the kept copy first, then the platform's
 * list, asked once however many hearts call this. A failed request keeps the
 * kept copy, or an empty list when there is none (the hearts stay usable).
 */
export function ensureWishlist(person: Person, { doFetch = fetch, storage = browserStorage('sessionStorage') }: { doFetch?: typeof fetch; storage?: StorageLike | null } = {}): Promise<void> {
  if (loading?.email === person.email) return loading.done
  // The kept copy is parsed: read once the parser has loaded (req PERF-01).
  if (!parserLoaded()) return loadParser().then(() => ensureWishlist(person, { doFetch, storage }))
  const kept = stored(storage).read(WISHLIST_CACHE_KEY, Cached)
  if (kept?.email === person.email) wishlistState.set(kept)
  else if (wishlistState.read()?.email !== person.email) wishlistState.set(null)
  const done = fetchWishlist(person, doFetch).then(
    (items) => setWishlist(person, items, storage),
    () => {
      if (wishlistState.read()?.email !== person.email) wishlistState.set({ email: person.email, items: [] })
    },
  )
  loading = { email: person.email, done }
  return done
}

/** Forgets the shared copy (tests, and a person who changed without a page load). */
export function resetWishlist(): void {
  loading = null
  wishlistState.set(null)
}

/** What a heart knows of its product: enough for the list and for GA4's add_to_wishlist item. */
export interface WishlistProduct {
  sku: string
  productId: string
  name: string
  brand: string
  /** The variant's price in euros. */
  price: number
}

/** GA4's add_to_wishlist: one item, one unit, its price as the value, in euros. */
export function addToWishlistPayload(product: WishlistProduct) {
  return {
    ecommerce: {
      currency: 'EUR',
      value: product.price,
      items: [{ item_id: product.productId, item_name: product.name, item_brand: product.brand, item_variant: product.sku, price: product.price, quantity: 1 }],
    },
  }
}

function safely(send: () => void): void {
  try {
    send()
  } catch (error) {
    console.error('[wishlist] tracking failed', error)
  }
}

export async function fetchWishlist(person: Person, doFetch: typeof fetch = fetch): Promise<WishlistItem[]> {
  const answer = await call('wishlist/getWishlist', { query: { shopperId: person.email } }, { fetch: doFetch })
  return answer.data.viewLists[0]?.data ?? []
}

/** The list with the product added, or false when the platform did not add it. */
export async function addToWishlist(
  list: readonly WishlistItem[],
  person: Person,
  product: WishlistProduct,
  doFetch: typeof fetch = fetch,
): Promise<WishlistItem[] | false> {
  let id: string
  try {
    const answer = await call('wishlist/addProduct', { body: { shopperId: person.email, listItem: { sku: product.sku, productId: product.productId } } }, { fetch: doFetch })
    id = answer.data.addToList
  } catch {
    return false
  }
  const payload = { userId: person.id, productId: product.productId, sku: product.sku }
  safely(() => track('add-to-wishlist', payload))
  safely(() => track('add_to_wishlist', addToWishlistPayload(product)))
  return [...list.filter((item) => item.sku !== product.sku), { id, sku: product.sku, productId: product.productId }]
}

/** The list without the item, or false unless the platform answered that it removed it. */
export async function removeFromWishlist(list: readonly WishlistItem[], person: Person, item: WishlistItem, doFetch: typeof fetch = fetch): Promise<WishlistItem[] | false> {
  try {
    const answer = await call('wishlist/removeProduct', { body: { shopperId: person.email, itemId: item.id } }, { fetch: doFetch })
    if (!answer.data.removeFromList) return false
  } catch {
    return false
  }
  safely(() => track('remove-from-wishlist', { userId: person.id, productId: item.productId, sku: item.sku }))
  return list.filter((entry) => entry.id !== item.id)
}
