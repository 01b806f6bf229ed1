/**
 * The cart as this browser keeps it: in IndexedDB under `main::store::cart`,
 * the cart itself with a `version`. Reading it back is parsing it, like an
 * answer from the network:
 *
 * - a cart of this version that parses is used as it is;
 * - anything else (a cart of an older release, which had no version, or one
 *   damaged in storage) is recovered line by line: every line that parses is
 *   kept, and a line that only names its sku and quantity keeps those (the
 *   next validation fills in the rest from the platform);
 * - when a line could not be recovered and the cart has an order form, the
 *   platform's cart supplies the lines it still holds that the browser lost.
 *
 * It is read when the page starts and again on focus and visibility, as the
 * sdk's own persistence does, and written after every change. Tabs share it:
 * what one tab wrote last is what another reads on its next focus (IndexedDB
 * sends no event), so the lines its cart last agreed on with the platform
 * (`agreed`, validate.ts) are kept in the same record, and a tab reading
 * another's cart reads the agreed lines that cart descends from.
 */
import { get, set } from 'idb-keyval'
import { loadParser, wireSchema, z } from '../../wire/zod'
import { cartItemId, NO_MAXIMUM, sameLineKey } from '../../domain/cart'
import type { Cart, CartItem } from '../../domain/types'
import type { AgreedCart } from './validate'

const CartSchema = wireSchema('Cart')
const CartItemSchema = wireSchema('CartItem')
const CartMessage = wireSchema('CartMessage')

export const CART_VERSION = 1

const StoredCart = z.extend(CartSchema, { version: z.literal(CART_VERSION) })

/** The least a stored line needs to be asked for again. */
const RecoverableLine = z.object({
  id: z.optional(z.string()),
  quantity: z.number().check(z.int(), z.gte(1)),
  price: z.catch(z.number(), 0),
  listPrice: z.catch(z.number(), 0),
  isGift: z.catch(z.boolean(), false),
  seller: z.catch(z.object({ identifier: z.string().check(z.minLength(1)) }), { identifier: '1' }),
  itemOffered: z.object({
    sku: z.string().check(z.minLength(1)),
    name: z.catch(z.string(), ''),
    additionalProperty: z.catch(z.array(z.object({ name: z.string(), value: z.string(), valueReference: z.string() })), []),
  }),
})

/** The agreed lines kept with a cart: anything unreadable is not known (null), and validation then sends none. */
const StoredAgreed = z.catch(
  z.nullable(
    z.object({
      id: z.string(),
      lines: z.array(
        z.object({
          quantity: z.number().check(z.int(), z.gte(1)),
          seller: z.object({ identifier: z.string().check(z.minLength(1)) }),
          itemOffered: z.object({
            sku: z.string().check(z.minLength(1)),
            additionalProperty: z.array(z.object({ name: z.string(), value: z.string(), valueReference: z.string() })),
          }),
        }),
      ),
    }),
  ),
  null,
)

/** The agreed lines a stored value holds with its cart, or null. */
export function storedAgreed(stored: unknown): AgreedCart | null {
  const parsed = StoredAgreed.safeParse(stored && typeof stored === 'object' ? ((stored as { agreed?: unknown }).agreed ?? null) : null)
  return parsed.success ? parsed.data : null
}

/** The shape a cart needs for its lines to be read at all. */
const Shape = z.object({ id: z.string(), items: z.array(z.unknown()) })

const Envelope = z.object({
  id: z.catch(z.string(), ''),
  items: z.catch(z.array(z.unknown()), []),
  messages: z.catch(z.array(z.unknown()), []),
  shouldSplitItem: z.catch(z.boolean(), false),
})

export interface Recovered {
  cart: Cart
  /** Some of what was stored could not be read back: a line, or the cart's shape itself. */
  lost: boolean
}

function recoverLine(value: unknown, index: number): CartItem | null {
  const whole = CartItemSchema.safeParse(value)
  if (whole.success) return whole.data
  const line = RecoverableLine.safeParse(value)
  if (!line.success) return null
  const { sku, name, additionalProperty } = line.data.itemOffered
  const seller = line.data.seller.identifier
  return {
    id: line.data.id || cartItemId({ sku, seller, price: line.data.price, additionalProperty }),
    index,
    quantity: line.data.quantity,
    price: line.data.price,
    listPrice: line.data.listPrice,
    isKit: false,
    isGift: line.data.isGift,
    seller: { identifier: seller },
    itemOffered: {
      sku,
      name,
      gtin: '',
      slug: '',
      image: [],
      brand: { name: '' },
      breadcrumbList: [],
      stockKeepingUnit: { isKit: false },
      isVariantOf: { name, productGroupID: '', hasVariant: [{ sku, offers: { lowPrice: line.data.price } }] },
      additionalProperty,
      productSpecifications: { unitMultiplier: 1, maxQuantity: NO_MAXIMUM },
    },
  }
}

/** The cart a stored value holds, or null when nothing is stored. */
export function recoverCart(stored: unknown): Recovered | null {
  if (stored === undefined || stored === null) return null
  const current = StoredCart.safeParse(stored)
  if (current.success) {
    const { version: _version, ...cart } = current.data
    return { cart, lost: false }
  }
  const envelope = Envelope.safeParse(stored)
  if (!envelope.success) return { cart: { id: '', items: [], messages: [], shouldSplitItem: false }, lost: true }
  const { id, items, messages, shouldSplitItem } = envelope.data
  const lines = items.map((item, index) => recoverLine(item, index))
  const kept = lines.filter((line): line is CartItem => line !== null)
  return {
    cart: {
      id,
      items: kept.map((line, index) => ({ ...line, index })),
      messages: messages.flatMap((message) => {
        const parsed = CartMessage.safeParse(message)
        return parsed.success ? [parsed.data] : []
      }),
      shouldSplitItem,
    },
    lost: kept.length < lines.length || !Shape.safeParse(stored).success,
  }
}

/**
 * The cart to start from: the recovered one, with the platform's lines for
 * what could not be recovered when the platform still has its order form.
 */
export async function restoreCart(stored: unknown, readPlatformCart: (orderFormId: string) => Promise<Cart>): Promise<Cart | null> {
  const recovered = recoverCart(stored)
  if (!recovered) return null
  const { cart, lost } = recovered
  if (!lost || !cart.id) return cart
  try {
    const platform = await readPlatformCart(cart.id)
    const missing = platform.items.filter((item) => !item.isGift && !cart.items.some((line) => sameLineKey(line, item)))
    return { ...cart, items: [...cart.items, ...missing].map((item, index) => ({ ...item, index })) }
  } catch {
    return cart
  }
}

interface CartStateLike {
  set(cart: Cart): void
  readInitial(): Cart
  subscribe(subscriber: (cart: Cart) => void): () => void
}

/** The agreed lines of the cart in the state (validate.ts `AgreedMark`), kept in the same record. */
interface AgreedLike {
  read(): AgreedCart | null
  set(agreed: AgreedCart | null): void
  subscribe(subscriber: (agreed: AgreedCart | null) => void): () => void
}

export interface PersistenceOptions {
  key: string
  readPlatformCart: (orderFormId: string) => Promise<Cart>
  read?: (key: string) => Promise<unknown>
  write?: (key: string, value: unknown) => Promise<void>
  /** Called each time the stored cart has been read back into the state. */
  onLoaded?: () => void
  agreed?: AgreedLike
}

/** Keeps `state` in IndexedDB under `key`, versioned, and reads it back through `restoreCart`. */
export function persistCart(state: CartStateLike, { key, readPlatformCart, read = get, write = set, onLoaded, agreed }: PersistenceOptions): () => Promise<void> {
  // A browser that blocks IndexedDB (or has none) keeps the cart for the page and starts empty next time.
  const safely = async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await task()
    } catch {
      return undefined
    }
  }
  const load = async () => {
    const [stored] = await Promise.all([safely(() => read(key)), loadParser()])
    if (typeof document === 'undefined') return
    const restored = await restoreCart(stored, readPlatformCart)
    // Before the cart, whose validation sends them; the record is written once, with both.
    restoring = true
    agreed?.set(restored ? storedAgreed(stored) : null)
    restoring = false
    state.set(restored ?? state.readInitial())
    onLoaded?.()
  }
  let latest: Cart | null = null
  let restoring = false
  const save = () => {
    const cart = latest
    if (!cart || restoring) return
    const kept = agreed?.read()
    void safely(() => write(key, { ...cart, version: CART_VERSION, ...(kept ? { agreed: kept } : {}) }))
  }
  state.subscribe((cart) => {
    latest = cart
    save()
  })
  agreed?.subscribe(save)
  void load()
  globalThis.addEventListener?.('focus', () => void load())
  globalThis.document?.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && void load())
  return load
}
