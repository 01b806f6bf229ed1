/**
 * Order forms (carts). Lines store only what the shopper chose; prices, names
 * and stock come from the catalog on every read, and are frozen when the order
 * form is placed. Every change runs in one transaction with the order form row
 * locked, so concurrent changes to one cart apply one after the other.
 *
 * This class holds the rules of each operation; the SQL is in queries.ts, who
 * may read or change an order form in access.ts, and the answer's shape in
 * view.ts.
 */
import { randomUUID } from 'node:crypto'
import { OrderLookupBody, type OrderForm, type PlacedOrder } from '../wire'
import { normaliseEmail } from '../identity/customers'
import type { CatalogReference } from '../catalog/reference'
import type { Db, Queryable } from '../db/types'
import { toIso } from '../db/values'
import { conflict, notFound, unprocessable } from '../lib/errors'
import { ReadCache } from '../lib/read-cache'
import { findOrderForm, lockOpenOrderForm, lockOrderForm, lockOwnOpenOrderForm, orderNotFound, readableOrderForm, sessionOpenedHere, type Viewer } from './access'
import { loadCartVariants, loadGiftRules, type CartVariant } from './catalog'
import { guestKeyHash, newGuestKey, wellFormedGuestKey } from './guest-key'
import { newOrderNumber } from './order-number'
import { addLine, combinePaidLines, quantityProblem, removeLine, replaceLines, setLineQuantity, setLines, skuTotalProblem, type Attachment, type CartLine, type LineSelector } from './lines'
import { computeTotals, giftsFor, MINIMUM_ORDER_CENTS, unitPriceCents } from './pricing'
import { customerEmail, freezeLinePrices, insertOrderForm, knownSellers, markPlaced, replaceLineRows, selectLines, selectPlaced } from './queries'
import { OrderFormViews, settle, type OrderFormView } from './view'

/** Quantity as the API receives it: bounds are business rules (422), not shape (400). */
export interface ItemInput {
  sku: string
  seller: string
  attachments: Attachment[]
  quantity: number
}

/** A new order form, and the guest-cart key the browser must keep for it (null for a customer's). */
export interface Created {
  orderForm: OrderForm
  guestKey: string | null
}

type Change = (lines: CartLine[]) => { lines: CartLine[]; check: CartLine[] }

/** The shop itself; stores sell under their own seller ids. */
const MAIN_SELLER = '1'

export class OrderFormService {
  private readonly views: OrderFormViews

  constructor(
    private readonly db: Db,
    reference: CatalogReference,
    publicUrl: () => string,
    /** Keeps the priced lines of each order form by its last change; invalidated with the catalog. */
    cache: ReadCache = new ReadCache({ ttlMs: 0 }),
  ) {
    this.views = new OrderFormViews(db, reference, publicUrl, cache)
  }

  /**
   * A customer's order form is theirs; a guest's is bound to the guest-cart key
   * the browser already holds, or to a new one when it holds none (answered, for
   * the browser to keep).
   */
  async create(viewer: Viewer): Promise<Created> {
    const id = randomUUID()
    const guestKey = viewer.customerId ? null : (wellFormedGuestKey(viewer.guestKey) ?? newGuestKey())
    await insertOrderForm(this.db, id, viewer.customerId, guestKey && guestKeyHash(guestKey))
    return { orderForm: (await this.read(this.db, id, { ...viewer, guestKey })).orderForm, guestKey }
  }

  async get(id: string, viewer: Viewer): Promise<OrderForm> {
    return (await this.read(this.db, id, viewer)).orderForm
  }

  /** The order form with its order number, for the checkout page. */
  view(id: string, viewer: Viewer): Promise<OrderFormView> {
    return this.read(this.db, id, viewer)
  }

  addItem(id: string, viewer: Viewer, item: ItemInput): Promise<OrderForm> {
    return this.change(id, viewer, [item], (lines) => {
      const { lines: next, touched } = addLine(lines, item, item.quantity)
      return { lines: next, check: [touched] }
    })
  }

  updateItem(id: string, viewer: Viewer, item: ItemInput): Promise<OrderForm> {
    return this.change(id, viewer, [item], (lines) => {
      const { lines: next, touched } = setLineQuantity(lines, item, item.quantity)
      return { lines: next, check: [touched] }
    })
  }

  removeItem(id: string, viewer: Viewer, selector: LineSelector): Promise<OrderForm> {
    return this.change(id, viewer, [], (lines) => ({ lines: removeLine(lines, selector), check: [] }))
  }

  /**
   * Gives each named line its quantity and leaves the others as they are
   * (`setLines`), in the one transaction of every change, so a change another
   * tab makes to another line at the same time is kept. A line to take away
   * (quantity 0) is checked for nothing: one the order form lacks is no change.
   */
  setItems(id: string, viewer: Viewer, items: ItemInput[]): Promise<OrderForm> {
    return this.change(id, viewer, items.filter((item) => item.quantity !== 0), (lines) => {
      const { lines: next, touched } = setLines(lines, items)
      return { lines: next, check: touched }
    })
  }

  replaceItems(id: string, viewer: Viewer, items: ItemInput[]): Promise<OrderForm> {
    return this.change(id, viewer, items, () => {
      const lines = replaceLines(items)
      return { lines, check: lines }
    })
  }

  /**
   * Gives a guest order form to the logged-in viewer (no-op when already
   * theirs): the access check claims it (see access.ts). 403 when it belongs to
   * someone else or their session may not claim it, 404 without its guest-cart
   * key, 409 once placed. Runs inside the caller's transaction so the check and
   * the claim see the same row.
   */
  async claim(tx: Queryable, id: string, viewer: Viewer & { customerId: string }): Promise<void> {
    await lockOwnOpenOrderForm(tx, id, viewer)
  }

  /**
   * COMBINE: adds the paid lines of `sourceId` to `targetId` (see combineLines),
   * both checked against the viewer first (a guest source is claimed by it);
   * the source's lines are left as they were.
   */
  async combine(targetId: string, sourceId: string, viewer: Viewer & { customerId: string }): Promise<OrderForm> {
    return this.db.transaction(async (tx) => {
      // Locks in id order, so two merges of the same pair cannot deadlock.
      for (const id of [targetId, sourceId].sort()) await lockOwnOpenOrderForm(tx, id, viewer)
      const stored = async (id: string) =>
        (await selectLines(tx, id.toLowerCase())).map((l) => ({ sku: l.sku, seller: l.seller, attachments: l.attachments, quantity: l.quantity, isGift: l.is_gift }))
      const target = await stored(targetId)
      const source = await stored(sourceId)
      const variants = await loadCartVariants(tx, [...target, ...source].map((l) => l.sku))
      const lines = combinePaidLines(target, source, (sku) => variants.get(sku)?.maxQuantity ?? 1)
      await this.write(tx, targetId.toLowerCase(), lines, variants)
      return (await this.read(tx, targetId, viewer)).orderForm
    })
  }

  /**
   * Places the order: checks it can be fulfilled, freezes the prices of every
   * line and assigns the order number. Afterwards the order form is read-only.
   *
   * `guestEmail` is given (even empty) by a guest's checkout: the page asks
   * an email of a guest only. Such a checkout claims nothing on the way, and
   * places a customer's order form only for a session opened in this browser
   * (409 otherwise): a session another origin of the host planted here never
   * takes the order the shopper believed a guest's.
   */
  async place(id: string, viewer: Viewer, guestEmail: string | null = null): Promise<OrderFormView> {
    return this.db.transaction(async (tx) => {
      const guestCheckout = guestEmail !== null
      const row = await lockOrderForm(tx, id, guestCheckout ? { ...viewer, sessionGuestKeyHash: null } : viewer)
      if (guestCheckout && row.customer_id !== null && !sessionOpenedHere(viewer)) {
        throw conflict('ACCOUNT_NOT_CONFIRMED', `order form ${id} belongs to the account of a session this browser did not log in with; a guest's checkout cannot place it`)
      }
      // The form's customer (the viewer, who may just have claimed it), else the email the guest gives.
      const contactEmail = row.customer_id ? await customerEmail(tx, row.customer_id) : guestEmail && OrderLookupBody.shape.email.safeParse(guestEmail).success ? normaliseEmail(guestEmail) : null
      if (!contactEmail) throw unprocessable('EMAIL_REQUIRED', 'a guest order needs a valid email for its confirmation')
      const lines = await settle(tx, await selectLines(tx, row.id))
      const regular = lines.filter((l) => !l.isGift)
      if (regular.length === 0) throw unprocessable('EMPTY_ORDER_FORM', `order form ${id} has no items to order`)
      const unavailable = regular.find((l) => l.variant.lowPriceCents <= 0)
      if (unavailable) throw unprocessable('ITEM_UNAVAILABLE', `sku ${unavailable.sku} is out of stock; remove it to place the order`)
      const { totalCents } = computeTotals(lines)
      if (totalCents < MINIMUM_ORDER_CENTS) {
        throw unprocessable('BELOW_MINIMUM_ORDER', `the order total must be at least ${(MINIMUM_ORDER_CENTS / 100).toFixed(2)} EUR`)
      }
      for (const [position, line] of lines.entries()) await freezeLinePrices(tx, row.id, position, line.priceCents, line.listPriceCents)
      // A guest order form placed by a logged-in customer is theirs already: the access check claimed it.
      await markPlaced(tx, row.id, contactEmail, await newOrderNumber(tx))
      return this.read(tx, id, viewer)
    })
  }

  /**
   * A placed order, found by its number and the email it was placed with (the
   * guest-order page). A wrong number, a wrong email and an order still open
   * all answer the same 404, so the answer tells nothing about other orders.
   */
  async findPlaced(orderNumber: string, email: string): Promise<PlacedOrder> {
    const row = await selectPlaced(this.db, orderNumber.trim(), normaliseEmail(email))
    if (!row) throw orderNotFound()
    const view = await this.views.present(this.db, await findOrderForm(this.db, row.id))
    const { items, totals } = view.orderForm
    return { orderNumber: view.orderNumber ?? '', status: 'placed', placedAt: toIso(row.placed_at), items, totals }
  }

  /**
   * Applies `change` to the regular lines. The SKUs and quantities of `inputs`
   * are checked first (unknown → 404, gift-only or below 1 → 422), then the
   * quantity bounds of every line the change touched; nothing is written unless
   * all checks pass.
   */
  private async change(id: string, viewer: Viewer, inputs: ItemInput[], change: Change): Promise<OrderForm> {
    return this.db.transaction(async (tx) => {
      const row = await lockOpenOrderForm(tx, id, viewer)
      const current = (await selectLines(tx, row.id)).filter((l) => !l.is_gift)
      const requested = await loadCartVariants(tx, inputs.map((i) => i.sku))
      await this.assertKnownSellers(tx, inputs)
      for (const input of inputs) {
        const variant = requested.get(input.sku)
        if (!variant) throw notFound('UNKNOWN_SKU', `unknown sku ${input.sku}`)
        if (!variant.listed) throw unprocessable('NOT_FOR_SALE', `sku ${input.sku} is a gift and cannot be bought`)
        if (input.quantity < 1) throw unprocessable('QUANTITY_OUT_OF_RANGE', `quantity must be at least 1 for sku ${input.sku}`)
      }
      const { lines, check } = change(current.map((l) => ({ sku: l.sku, seller: l.seller, attachments: l.attachments, quantity: l.quantity })))
      const variants = await loadCartVariants(tx, lines.map((l) => l.sku))
      for (const line of check) {
        const variant = variants.get(line.sku)
        if (!variant) throw notFound('UNKNOWN_SKU', `unknown sku ${line.sku}`)
        const problem = quantityProblem(line.sku, line.quantity, variant) ?? skuTotalProblem(lines, current, line.sku, variant.maxQuantity)
        if (problem) throw unprocessable('QUANTITY_OUT_OF_RANGE', problem)
      }
      await this.write(tx, row.id, lines, variants)
      return (await this.read(tx, id, viewer)).orderForm
    })
  }

  /** Rewrites all lines: the regular ones in order, then the gifts their total earns. */
  private async write(tx: Queryable, id: string, lines: CartLine[], variants: Map<string, CartVariant>): Promise<void> {
    const regularTotal = computeTotals(
      lines.map((l) => {
        const variant = variants.get(l.sku)
        return { quantity: l.quantity, priceCents: variant ? unitPriceCents(variant, l.quantity) : 0, listPriceCents: 0, isGift: false }
      }),
    ).totalCents
    const gifts = giftsFor(regularTotal, await loadGiftRules(tx))
    await replaceLineRows(tx, id, [
      ...lines.map((l) => ({ ...l, isGift: false })),
      ...gifts.map((sku) => ({ sku, seller: MAIN_SELLER, attachments: [], quantity: 1, isGift: true })),
    ])
  }

  /** Lines are sold by the shop (seller "1") or by one of its stores; an invented seller would dodge per-line rules. */
  private async assertKnownSellers(tx: Queryable, inputs: readonly ItemInput[]): Promise<void> {
    const others = [...new Set(inputs.map((i) => i.seller).filter((seller) => seller !== MAIN_SELLER))]
    if (others.length === 0) return
    const known = await knownSellers(tx, others)
    const unknown = others.find((seller) => !known.has(seller))
    if (unknown !== undefined) throw unprocessable('UNKNOWN_SELLER', `seller ${unknown} does not sell in this shop`)
  }

  private async read(db: Queryable, id: string, viewer: Viewer): Promise<OrderFormView> {
    return this.views.present(db, await readableOrderForm(db, id, viewer))
  }
}
