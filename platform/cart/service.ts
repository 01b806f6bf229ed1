import { randomUUID } from 'node:crypto'
import { OrderLookupBody, type OrderForm, type OrderFormItem, type OrderFormMessage, type PlacedOrder } from '../wire'
import { normaliseEmail } from '../identity/customers'
import { imageUrl } from '../catalog/images'
import type { CatalogReference } from '../catalog/reference'
import { insertRows } from '../db/bulk'
import type { Db, Queryable } from '../db/types'
import { centsToEuros, toIso } from '../db/values'
import { conflict, notFound, PlatformError, unprocessable } from '../lib/errors'
import { ReadCache } from '../lib/read-cache'
import { loadCartVariants, loadGiftRules, type CartVariant } from './catalog'
import { guestKeyHash, holdsGuestKey, newGuestKey, wellFormedGuestKey } from './guest-key'
import { addLine, combinePaidLines, quantityProblem, removeLine, replaceLines, setLineQuantity, skuTotalProblem, type Attachment, type CartLine, type LineSelector } from './lines'
import { computeTotals, giftsFor, MINIMUM_ORDER_CENTS, unitPriceCents, type PricedLine } from './pricing'

interface OrderFormRow {
  id: string
  status: 'open' | 'placed'
  customer_id: string | null
  guest_key_hash: string | null
  order_number: string | null
  updated_at: unknown
  /** updated_at to the microsecond: a change to the lines always moves it. */
  stamp: string
}

interface LineRow {
  position: number
  sku: string
  seller: string
  attachments: Attachment[]
  quantity: number
  is_gift: boolean
  placed_price_cents: number | null
  placed_list_price_cents: number | null
}

/** The one answer for any lookup that finds no order. */
export const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'no order matches this order number and email')

/** An order form as the API shows it, plus what only the checkout page needs. */
export interface OrderFormView {
  orderForm: OrderForm
  orderNumber: string | null
}

/** What an order form's lines make of it, the same for every viewer until the lines or the catalog change. */
type Contents = Pick<OrderForm, 'items' | 'messages' | 'totals'>

/** A line with its unit prices settled, before it is dressed for the wire. */
interface SettledLine extends CartLine, PricedLine {
  variant: CartVariant
}

/** Quantity as the API receives it: bounds are business rules (422), not shape (400). */
export interface ItemInput {
  sku: string
  seller: string
  attachments: Attachment[]
  quantity: number
}

/**
 * Who asks for an order form: the customer behind the session cookie, and the
 * guest-cart key the browser sent (see guest-key.ts), each null when absent.
 */
export interface Viewer {
  customerId: string | null
  guestKey: string | null
}

/** A new order form, and the guest-cart key the browser must keep for it (null for a customer's). */
export interface Created {
  orderForm: OrderForm
  guestKey: string | null
}

type Change = (lines: CartLine[]) => { lines: CartLine[]; check: CartLine[] }

/** The shop itself; stores sell under their own seller ids. */
const MAIN_SELLER = '1'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Ids are matched in lower case, and named so: the answer for a bound form must not differ from an unknown one's by the case of the id. */
function orderFormNotFound(id: string): PlatformError {
  return notFound('ORDER_FORM_NOT_FOUND', `order form ${id.toLowerCase()} does not exist`)
}

/**
 * Order forms (carts). Lines store only what the shopper chose; prices, names
 * and stock come from the catalog on every read, and are frozen when the order
 * form is placed. Every change runs in one transaction with the order form row
 * locked, so concurrent changes to one cart apply one after the other.
 */
export class OrderFormService {
  constructor(
    private readonly db: Db,
    private readonly reference: CatalogReference,
    private readonly publicUrl: () => string,
    /** Keeps the priced lines of each order form by its last change; invalidated with the catalog. */
    private readonly cache: ReadCache = new ReadCache({ ttlMs: 0 }),
  ) {}

  /**
   * A customer's order form is theirs; a guest's is bound to the guest-cart key
   * the browser already holds, or to a new one when it holds none (answered, for
   * the browser to keep).
   */
  async create(viewer: Viewer): Promise<Created> {
    const id = randomUUID()
    const guestKey = viewer.customerId ? null : (wellFormedGuestKey(viewer.guestKey) ?? newGuestKey())
    await this.db.query('INSERT INTO order_forms (id, customer_id, guest_key_hash) VALUES ($1, $2, $3)', [
      id,
      viewer.customerId,
      guestKey && guestKeyHash(guestKey),
    ])
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

  replaceItems(id: string, viewer: Viewer, items: ItemInput[]): Promise<OrderForm> {
    return this.change(id, viewer, items, () => {
      const lines = replaceLines(items)
      return { lines, check: lines }
    })
  }

  /**
   * Gives a guest order form to the logged-in viewer (no-op when already
   * theirs): the access check claims it (see `access`). 403 when it belongs to
   * someone else, 404 without its guest-cart key, 409 once placed. Runs inside
   * the caller's transaction so the check and the claim see the same row.
   */
  async claim(tx: Queryable, id: string, viewer: Viewer & { customerId: string }): Promise<void> {
    const row = await this.lock(tx, id, viewer)
    if (row.status === 'placed') throw conflict('ORDER_FORM_PLACED', `order form ${id} is already placed and can no longer change`)
  }

  /**
   * COMBINE: adds the paid lines of `sourceId` to `targetId` (see combineLines),
   * both checked against the viewer first (a guest source is claimed by it);
   * the source's lines are left as they were.
   */
  async combine(targetId: string, sourceId: string, viewer: Viewer & { customerId: string }): Promise<OrderForm> {
    return this.db.transaction(async (tx) => {
      // Locks in id order, so two merges of the same pair cannot deadlock.
      for (const id of [targetId, sourceId].sort()) {
        const row = await this.lock(tx, id, viewer)
        if (row.status === 'placed') throw conflict('ORDER_FORM_PLACED', `order form ${id} is already placed and can no longer change`)
      }
      const stored = async (id: string) =>
        (await this.lines(tx, id.toLowerCase())).map((l) => ({ sku: l.sku, seller: l.seller, attachments: l.attachments, quantity: l.quantity, isGift: l.is_gift }))
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
   */
  async place(id: string, viewer: Viewer, guestEmail: string | null = null): Promise<OrderFormView> {
    return this.db.transaction(async (tx) => {
      const row = await this.lock(tx, id, viewer)
      const contactEmail = viewer.customerId ? await this.customerEmail(tx, viewer.customerId) : guestEmail && OrderLookupBody.shape.email.safeParse(guestEmail).success ? normaliseEmail(guestEmail) : null
      if (!contactEmail) throw unprocessable('EMAIL_REQUIRED', 'a guest order needs a valid email for its confirmation')
      const lines = await this.settle(tx, await this.lines(tx, row.id))
      const regular = lines.filter((l) => !l.isGift)
      if (regular.length === 0) throw unprocessable('EMPTY_ORDER_FORM', `order form ${id} has no items to order`)
      const unavailable = regular.find((l) => l.variant.lowPriceCents <= 0)
      if (unavailable) throw unprocessable('ITEM_UNAVAILABLE', `sku ${unavailable.sku} is out of stock; remove it to place the order`)
      const { totalCents } = computeTotals(lines)
      if (totalCents < MINIMUM_ORDER_CENTS) {
        throw unprocessable('BELOW_MINIMUM_ORDER', `the order total must be at least ${(MINIMUM_ORDER_CENTS / 100).toFixed(2)} EUR`)
      }
      for (const [position, line] of lines.entries()) {
        await tx.query(
          'UPDATE order_form_lines SET placed_price_cents = $1, placed_list_price_cents = $2 WHERE order_form_id = $3 AND position = $4',
          [line.priceCents, line.listPriceCents, row.id, position],
        )
      }
      // A guest order form placed by a logged-in customer is theirs already: the access check claimed it.
      await tx.query(
        `UPDATE order_forms SET status = 'placed', placed_at = now(), updated_at = now(), contact_email = $2,
           order_number = 'PF-' || nextval('order_number_seq') WHERE id = $1`,
        [row.id, contactEmail],
      )
      return this.read(tx, id, viewer)
    })
  }

  /**
   * A placed order, found by its number and the email it was placed with (the
   * guest-order page). A wrong number, a wrong email and an order still open
   * all answer the same 404, so the answer tells nothing about other orders.
   */
  async findPlaced(orderNumber: string, email: string): Promise<PlacedOrder> {
    const [row] = await this.db.query<{ id: string; customer_id: string | null; placed_at: Date | string }>(
      `SELECT id, customer_id, placed_at FROM order_forms
       WHERE status = 'placed' AND upper(order_number) = upper($1) AND contact_email = $2`,
      [orderNumber.trim(), normaliseEmail(email)],
    )
    if (!row) throw orderNotFound()
    const view = await this.present(this.db, await this.row(this.db, row.id))
    const { items, totals } = view.orderForm
    return { orderNumber: view.orderNumber ?? '', status: 'placed', placedAt: toIso(row.placed_at), items, totals }
  }

  private async customerEmail(db: Queryable, customerId: string): Promise<string | null> {
    const [row] = await db.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [customerId])
    return row?.email ?? null
  }

  /**
   * Applies `change` to the regular lines. The SKUs and quantities of `inputs`
   * are checked first (unknown → 404, gift-only or below 1 → 422), then the
   * quantity bounds of every line the change touched; nothing is written unless
   * all checks pass.
   */
  private async change(id: string, viewer: Viewer, inputs: ItemInput[], change: Change): Promise<OrderForm> {
    return this.db.transaction(async (tx) => {
      const row = await this.lock(tx, id, viewer)
      if (row.status === 'placed') throw conflict('ORDER_FORM_PLACED', `order form ${id} is already placed and can no longer change`)
      const current = (await this.lines(tx, row.id)).filter((l) => !l.is_gift)
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
    const rows = [
      ...lines.map((l) => [l.sku, l.seller, JSON.stringify(l.attachments), l.quantity, false] as const),
      ...gifts.map((sku) => [sku, '1', '[]', 1, true] as const),
    ]
    await tx.query('DELETE FROM order_form_lines WHERE order_form_id = $1', [id])
    await insertRows(
      tx,
      'order_form_lines',
      ['order_form_id', 'position', 'sku', 'seller', 'attachments', 'quantity', 'is_gift'],
      rows.map((r, position) => [id, position, ...r]),
    )
    await tx.query('UPDATE order_forms SET updated_at = now() WHERE id = $1', [id])
  }

  /** Lines are sold by the shop (seller "1") or by one of its stores; an invented seller would dodge per-line rules. */
  private async assertKnownSellers(tx: Queryable, inputs: readonly ItemInput[]): Promise<void> {
    const others = [...new Set(inputs.map((i) => i.seller).filter((seller) => seller !== MAIN_SELLER))]
    if (others.length === 0) return
    const rows = await tx.query<{ seller: string }>(
      `SELECT seller_id AS seller FROM stores WHERE seller_id = ANY($1::text[])
       UNION SELECT vtex_seller_id FROM stores WHERE vtex_seller_id = ANY($1::text[])`,
      [others],
    )
    const known = new Set(rows.map((r) => r.seller))
    const unknown = others.find((seller) => !known.has(seller))
    if (unknown !== undefined) throw unprocessable('UNKNOWN_SELLER', `seller ${unknown} does not sell in this shop`)
  }

  private async lock(tx: Queryable, id: string, viewer: Viewer): Promise<OrderFormRow> {
    return this.access(tx, await this.row(tx, id, 'FOR UPDATE'), viewer)
  }

  private async row(db: Queryable, id: string, lock = ''): Promise<OrderFormRow> {
    if (!UUID.test(id)) throw orderFormNotFound(id)
    const [row] = await db.query<OrderFormRow>(
      `SELECT id, status, customer_id, guest_key_hash, order_number, updated_at, updated_at::text AS stamp FROM order_forms WHERE id = $1 ${lock}`,
      [id.toLowerCase()],
    )
    if (!row) throw orderFormNotFound(id)
    return row
  }

  /**
   * A customer's order form is theirs alone (403 to anyone else). A guest order
   * form answers only to the browser holding its guest-cart key: without it the
   * answer is the 404 of an unknown id, so an id alone tells nothing, not even
   * that the cart exists. A logged-in customer holding the key claims the open
   * form on the spot: it becomes theirs, and the key no longer opens it.
   */
  private async access(db: Queryable, row: OrderFormRow, viewer: Viewer): Promise<OrderFormRow> {
    if (row.customer_id !== null) {
      if (row.customer_id !== viewer.customerId) throw new PlatformError(403, 'FORBIDDEN', `order form ${row.id} belongs to another customer`)
      return row
    }
    if (!holdsGuestKey(viewer.guestKey, row.guest_key_hash)) throw orderFormNotFound(row.id)
    if (!viewer.customerId || row.status !== 'open') return row
    const [claimed] = await db.query<Pick<OrderFormRow, 'updated_at' | 'stamp'>>(
      `UPDATE order_forms SET customer_id = $2, guest_key_hash = NULL, updated_at = now()
       WHERE id = $1 AND customer_id IS NULL RETURNING updated_at, updated_at::text AS stamp`,
      [row.id, viewer.customerId],
    )
    // Claimed by a concurrent request in between: look again, as that customer's form.
    if (!claimed) return this.access(db, await this.row(db, row.id), viewer)
    return { ...row, ...claimed, customer_id: viewer.customerId, guest_key_hash: null }
  }

  private lines(db: Queryable, id: string): Promise<LineRow[]> {
    return db.query<LineRow>(
      `SELECT position, sku, seller, attachments, quantity, is_gift, placed_price_cents, placed_list_price_cents
       FROM order_form_lines WHERE order_form_id = $1 ORDER BY position`,
      [id],
    )
  }

  /** Prices every line: frozen prices once placed, catalog prices (with tiers) before. */
  private async settle(db: Queryable, rows: LineRow[]): Promise<SettledLine[]> {
    const variants = await loadCartVariants(db, rows.map((r) => r.sku))
    return rows.map((row) => {
      const variant = variants.get(row.sku)
      if (!variant) throw new Error(`order form line refers to missing sku ${row.sku}`)
      const priceCents = row.placed_price_cents ?? (row.is_gift ? 0 : unitPriceCents(variant, row.quantity))
      const listPriceCents = row.placed_list_price_cents ?? (row.is_gift ? 0 : variant.listPriceCents)
      return { sku: row.sku, seller: row.seller, attachments: row.attachments, quantity: row.quantity, isGift: row.is_gift, priceCents, listPriceCents, variant }
    })
  }

  private async read(db: Queryable, id: string, viewer: Viewer): Promise<OrderFormView> {
    return this.present(db, await this.access(db, await this.row(db, id), viewer))
  }

  /** The order form of a row whose access has been checked. */
  private async present(db: Queryable, row: OrderFormRow): Promise<OrderFormView> {
    // Inside a transaction the lines may still change or roll back, so only
    // committed reads are kept; the stamp moves with every change to the lines.
    const contents =
      db === this.db ? await this.cache.memo(`order-form:${row.id}:${row.status}:${row.stamp}`, () => this.contents(db, row.id)) : await this.contents(db, row.id)
    return {
      orderNumber: row.order_number,
      orderForm: { id: row.id, status: row.status, customerId: row.customer_id, ...contents, updatedAt: toIso(row.updated_at) },
    }
  }

  private async contents(db: Queryable, id: string): Promise<Contents> {
    const lines = await this.settle(db, await this.lines(db, id))
    const totals = computeTotals(lines)
    return {
      items: lines.map((line, index) => this.item(line, index)),
      messages: lines.filter((l) => !l.isGift && l.variant.lowPriceCents <= 0).map((l) => unavailableMessage(l.variant)),
      totals: {
        total: centsToEuros(totals.totalCents),
        subTotal: centsToEuros(totals.subTotalCents),
        totalItems: totals.totalItems,
        totalUniqueItems: totals.totalUniqueItems,
      },
    }
  }

  private item(line: SettledLine, index: number): OrderFormItem {
    const v = line.variant
    return {
      index,
      sku: line.sku,
      seller: line.seller,
      quantity: line.quantity,
      price: centsToEuros(line.priceCents),
      listPrice: centsToEuros(line.listPriceCents),
      isGift: line.isGift,
      attachments: line.attachments.map((a) => ({ name: a.name, value: a.value })),
      productId: v.productId,
      productSlug: v.productSlug,
      productName: v.productName,
      variantName: v.variantName,
      gtin: v.gtin,
      brand: v.brand,
      image: { url: imageUrl(this.publicUrl(), v.sku, 1), alternateName: `${v.productName} - ${v.variantName}` },
      isKit: v.isKit,
      unitMultiplier: v.unitMultiplier,
      maxQuantity: v.maxQuantity,
      variants: v.siblings.map((s) => ({ sku: s.sku, lowPrice: centsToEuros(s.lowPriceCents) })),
      categoryPath: this.reference.path(v.categoryId),
    }
  }
}

function unavailableMessage(variant: CartVariant): OrderFormMessage {
  return {
    code: 'ITEM_UNAVAILABLE',
    text: `L'articolo "${variant.productName} - ${variant.variantName}" non è al momento disponibile.`,
    status: 'warning',
  }
}
