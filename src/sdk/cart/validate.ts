/**
 * The cart state's validation callback (req CART-10, CART-11, CART-12, CART-13, CART-14, CART-16). After every change the
 * browser's cart goes to ValidateCartMutation, retried up to 3 times:
 *
 * - an answer equal to the local cart by id and lines (id, index, sku,
 *   quantity, price, listPrice, seller) keeps the local cart (null);
 * - a different answer replaces it, and its new platform messages are shown;
 * - a validation that gave up answers null and flags the cart unsynced: the
 *   local lines are never dropped, except that a cart whose lines the
 *   platform's existing order form no longer holds adopts that empty form;
 * - a validation the platform refused (req CART-31; 404: a product it does not sell, 422: a
 *   quantity it cannot sell) would be refused again at every retry, so the
 *   platform's cart is read and adopted, the shopper told, and the lines it
 *   lacks named; when it cannot be read, the cart is unsynced as above;
 * - a platform cart that takes the place of the local one never drops a line
 *   silently: each paid line it no longer holds is named to the shopper with
 *   the reason (req CART-29);
 * - the same cart validated less than 30000 ms ago is not asked again
 *   (a focus or visibility resync of an unchanged cart costs nothing);
 * - a cart this browser has not changed since it agreed with the platform
 *   (its key is among the last ones agreed on) is not pushed: the platform's order form is read and adopted,
 *   so a stale copy (a cart shared with another device, or a second browser
 *   on the same order form) never overwrites lines added elsewhere. A cart
 *   the shopper just changed (`markEdited`) is always pushed, even when it
 *   matches one agreed on earlier;
 * - a push names the paid lines the cart held when it last agreed with the
 *   platform (`agreedOffer`, kept with the cart: `AgreedMark`), so the
 *   platform makes only this browser's changes since and keeps the lines
 *   another tab or device added or removed meanwhile; a line the platform's
 *   answer drops that this browser had not changed is named as removed
 *   elsewhere;
 * - while an add of the shopper's is on its way to the platform (`adding`),
 *   validation waits for it: the cart shows the added line already, and
 *   pushing it too would add it twice. A cart that changed meanwhile is left
 *   to its own validation.
 *
 * While any validation or line change runs, `cartStatus.isValidating` is true (status.ts, inFlight.ts);
 * the shopper's messages are announce.ts's.
 */
import { attachmentsOf, droppedLines, isSameCart, lineKey } from '../../domain/cart'
import type { Cart, CartItem, CartMessage } from '../../domain/types'
import { CART_VALIDATION_TIMEOUT_MS } from '../../config/constants'
import { cartTexts } from '../../config/texts/cart'
import { request as defaultRequest } from '../core/graphql'
import { RequestError } from '../core/client'
import { withRetries } from '../core/retry'
import { announceDroppedLines, announceNewMessages, type DropReason } from './announce'
import { getCart } from './calls'
import { trackValidating } from './inFlight'
import { cartStatus, type StatusState } from './status'

/** The paid lines of order form `id` when a cart last agreed with the platform, as a push names them. */
export interface AgreedCart {
  id: string
  lines: { quantity: number; seller: { identifier: string }; itemOffered: { sku: string; additionalProperty: CartItem['itemOffered']['additionalProperty'] } }[]
}

/** What a cart the platform agreed with says of itself as `AgreedCart`. */
export function agreedOf(cart: Pick<Cart, 'id' | 'items'>): AgreedCart {
  return {
    id: cart.id,
    lines: cart.items
      .filter((item) => !item.isGift)
      .map((item) => ({ quantity: item.quantity, seller: { identifier: item.seller.identifier }, itemOffered: { sku: item.itemOffered.sku, additionalProperty: item.itemOffered.additionalProperty } })),
  }
}

const keyOfOffer = (line: Pick<CartItem, 'seller' | 'itemOffered'> | AgreedCart['lines'][number]) =>
  lineKey({ sku: line.itemOffered.sku, seller: line.seller.identifier, attachments: attachmentsOf(line.itemOffered.additionalProperty) })

/** Where the lines of the last cart agreed on are kept: with the cart they belong to, which another tab may replace. */
export interface AgreedMark {
  read(): AgreedCart | null
  write(agreed: AgreedCart | null): void
}

export function toOffer(item: CartItem) {
  return {
    price: item.price,
    listPrice: item.listPrice,
    quantity: item.quantity,
    seller: item.seller,
    isGift: item.isGift,
    itemOffered: {
      sku: item.itemOffered.sku,
      name: item.itemOffered.name,
      image: item.itemOffered.image,
      additionalProperty: item.itemOffered.additionalProperty,
    },
  }
}

/** What the equality rule sees of a cart, as one string. */
export function cartKey(cart: Pick<Cart, 'id' | 'items'>): string {
  return JSON.stringify([
    cart.id,
    cart.items.map((i) => [i.id, i.index, i.itemOffered.sku, i.quantity, i.price, i.listPrice, i.seller.identifier]),
  ])
}

export interface ValidatorOptions {
  request?: typeof defaultRequest
  status?: StatusState
  retryDelayMs?: number
  now?: () => number
  /** Reads the platform's order form (the adoption rule). */
  readCart?: (orderFormId: string) => Promise<Cart>
  announce?: (previous: CartMessage[], next: CartMessage[]) => void
  announceDropped?: (lines: CartItem[], reason: DropReason) => void
  /** Where the key of the last cart the platform agreed with is kept (shared by this browser's tabs). */
  synced?: SyncedMark
  /** Where the lines of the last cart agreed on are kept. */
  agreed?: AgreedMark
  /** While the shopper's adds are on their way to the platform, what settles once they are; null when none is. */
  adding?: () => Promise<unknown> | null
  /** The cart as the state holds it now: a validation that waited for an add skips a cart replaced meanwhile. */
  current?: () => Cart
}

/**
 * The keys (`cartKey`) of the last carts this browser and the platform agreed
 * on, newest first. A cart whose key is among them holds no change of this
 * shopper (a focus reload from storage can bring back an older one).
 */
export interface SyncedMark {
  read(): string[]
  write(keys: string[]): void
}

export const SYNCED_HISTORY = 10

export function memorySyncedMark(): SyncedMark {
  let keys: string[] = []
  return {
    read: () => keys,
    write: (next) => {
      keys = next
    },
  }
}

export function memoryAgreedMark(): AgreedMark {
  let kept: AgreedCart | null = null
  return {
    read: () => kept,
    write: (next) => {
      kept = next
    },
  }
}

export function createCartValidator({
  request = defaultRequest,
  status = cartStatus,
  retryDelayMs = 300,
  now = Date.now,
  readCart = (id) => getCart(id),
  announce = announceNewMessages,
  announceDropped = announceDroppedLines,
  synced = memorySyncedMark(),
  agreed = memoryAgreedMark(),
  adding = () => null,
  current,
}: ValidatorOptions = {}) {
  let lastValidated: { key: string; at: number } | null = null
  /** The key of the last cart this tab agreed on, for a browser whose storage keeps no history. */
  let lastAgreed: string | null = null
  const remember = (cart: Cart) => {
    const key = cartKey(cart)
    lastValidated = { key, at: now() }
    lastAgreed = key
    synced.write([key, ...synced.read().filter((k) => k !== key)].slice(0, SYNCED_HISTORY))
    agreed.write(cart.id ? agreedOf(cart) : null)
  }
  /**
   * The platform's `next` answered the validation of `cart`, for the state to take. A state that changed
   * meanwhile does not take it: it descends from `cart`, which the platform holds now, so `cart`'s lines are
   * the ones it agreed on, and a line `next` holds beside them (another tab's) is not taken for one removed here.
   */
  const answered = (next: Cart, cart: Cart) => {
    remember(next)
    if (current && current() !== cart) agreed.write(cart.id && cart.id === next.id ? agreedOf(cart) : null)
  }
  /** Whether `cart` holds no change of this browser's that the platform has not seen: it is one they agreed on. */
  const agrees = (cart: Pick<Cart, 'id' | 'items'>) => Boolean(cart.id) && (cartKey(cart) === lastAgreed || synced.read().includes(cartKey(cart)))
  /** The agreed lines of `cart`'s own order form, when they are known. */
  const agreedFor = (cart: Cart) => {
    const known = agreed.read()
    return cart.id && known?.id === cart.id ? known.lines : undefined
  }

  /** The platform's cart when this unchanged cart is behind it; null when they agree or the platform cannot say. */
  async function newerOnPlatform(cart: Cart): Promise<Cart | null> {
    if (!agrees(cart)) return null
    try {
      const server = { ...(await readCart(cart.id)), shouldSplitItem: cart.shouldSplitItem }
      return isSameCart(server, cart) ? null : server
    } catch {
      return null
    }
  }
  const setUnsynced = (unsynced: boolean) => status.set({ ...status.read(), unsynced })

  /** The platform's `server` cart in place of `cart`, confirmed, naming each line it lacks and why. */
  function adopt(cart: Cart, server: Cart, reason: DropReason): Cart {
    setUnsynced(false)
    const adopted = { ...server, shouldSplitItem: cart.shouldSplitItem }
    answered(adopted, cart)
    announceDropped(droppedLines(cart.items, adopted.items), reason)
    return adopted
  }

  /** Validation gave up: keep every local line, unless the platform's order form exists and is empty. */
  async function adoptEmptyServerCart(cart: Cart): Promise<Cart | null> {
    if (!cart.id || cart.items.length === 0) return null
    try {
      const server = await readCart(cart.id)
      return server.items.length > 0 ? null : adopt(cart, server, 'emptied')
    } catch {
      return null
    }
  }

  /** The platform's cart in place of one it refused, or null (unsynced) when it cannot be read either. */
  async function adoptAfterRefusal(cart: Cart): Promise<Cart | null> {
    let server: Cart
    try {
      server = await readCart(cart.id)
    } catch {
      setUnsynced(true)
      return null
    }
    announce(cart.messages, [...server.messages, { text: cartTexts.cartRefused, status: 'error' }])
    return adopt(cart, server, 'platform')
  }

  const validate = async function validate(cart: Cart): Promise<Cart | null> {
    const pendingAdds = adding()
    if (pendingAdds) {
      await pendingAdds.catch(() => undefined)
      if (current && current() !== cart) return null
    }
    if (!cart.id && cart.items.length === 0) return null
    const recent = lastValidated && lastValidated.key === cartKey(cart) && now() - lastValidated.at < CART_VALIDATION_TIMEOUT_MS
    if (recent && !status.read().unsynced) return null

    return trackValidating(async () => {
      const newer = await newerOnPlatform(cart)
      if (newer) {
        answered(newer, cart)
        announce(cart.messages, newer.messages)
        announceDropped(droppedLines(cart.items, newer.items), 'elsewhere')
        return newer
      }
      const agreedLines = agreedFor(cart)
      let refused = false
      const data = await withRetries(
        () =>
          request('ValidateCartMutation', {
            cart: { order: { orderNumber: cart.id, acceptedOffer: cart.items.map(toOffer), ...(agreedLines ? { agreedOffer: agreedLines } : {}) } },
            shouldSplitItem: cart.shouldSplitItem,
          }),
        { delayMs: retryDelayMs, onFailure: (error) => (refused = error instanceof RequestError && (error.status === 404 || error.status === 422)) },
      )
      if (data === null && refused && cart.id) return adoptAfterRefusal(cart)
      if (data === null) {
        setUnsynced(true)
        return adoptEmptyServerCart(cart)
      }
      setUnsynced(false)
      const validated = data.validateCart
      if (!validated) {
        remember(cart)
        return null
      }
      const next: Cart = {
        id: validated.order.orderNumber,
        items: validated.order.acceptedOffer,
        messages: validated.messages,
        shouldSplitItem: validated.order.shouldSplitItem ?? cart.shouldSplitItem,
      }
      answered(next, cart)
      if (isSameCart(next, cart)) return null
      announce(cart.messages, next.messages)
      // A fresh order form in place of a stale one keeps the lines; another customer's gives way to an empty one, which the session-expired modal explains.
      if (next.id === cart.id) {
        // A line this browser had not changed since it agreed was taken away by another tab or device.
        const had = new Map((agreedLines ?? []).map((line) => [keyOfOffer(line), line.quantity]))
        const unchanged = (line: CartItem) => had.get(keyOfOffer(line)) === line.quantity
        const dropped = droppedLines(cart.items, next.items)
        if (dropped.some(unchanged)) announceDropped(dropped.filter(unchanged), 'elsewhere')
        if (!dropped.every(unchanged)) announceDropped(dropped.filter((line) => !unchanged(line)), 'platform')
      }
      return next
    }, status)
  }
  /**
   * `cart` came from the platform as the answer to a change of the shopper's (an add, a quantity, a
   * removal): it agrees with the platform, so validation does not push it back.
   */
  validate.markAgreed = (cart: Cart) => remember(cart)
  validate.agrees = agrees
  /** The next validation runs even when the cart was validated moments ago (a focus on a shared cart). */
  validate.forgetRecent = () => {
    lastValidated = null
  }
  /**
   * The shopper changed the cart into `cart`. Its key may be one agreed on
   * before (a line removed and added again): it is a change all the same, so
   * it is pushed to the platform rather than taken for a stale copy.
   */
  validate.markEdited = (cart: Pick<Cart, 'id' | 'items'>) => {
    const key = cartKey(cart)
    if (lastValidated?.key === key) lastValidated = null
    if (lastAgreed === key) lastAgreed = null
    const keys = synced.read()
    if (keys.includes(key)) synced.write(keys.filter((k) => k !== key))
  }
  return validate
}
