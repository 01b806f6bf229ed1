/**
 * A customer's placed orders (req ORDERS-01, ORDERS-02) and "Riordina" (req ORDERS-03).
 * Only orders whose customer is the one asking are ever found: another
 * customer's order number is the same "not found" as a number that does not
 * exist. Reordering goes through the order-form service, so every rule of a
 * cart change holds; before each line it checks what that service lets stay
 * in a cart but a shopper cannot buy (out of stock, a store that no longer
 * stocks it) and what would break the line's maximum, and says why.
 */
import type { Db } from '../db/types'
import { toIso } from '../db/values'
import type { SavedCarts } from '../identity/saved-carts'
import { PlatformError } from '../lib/errors'
import type { StoreService } from '../stores/service'
import type { OrderForm, OrderFormItem } from '../wire'
import type { Store } from '../wire-stores'
import { loadCartVariants } from './catalog'
import { lineKey } from './lines'
import type { OrderFormService } from './service'

export interface CustomerOrder {
  id: string
  orderNumber: string
  placedAt: string
  /** Every order the shop holds is placed and confirmed; fulfilment states are not tracked here. */
  status: 'placed'
  pickupStore: Store | null
  orderForm: OrderForm
}

/** A line "Riordina" put in the cart, with how many of those ordered. */
export interface ReorderedLine {
  sku: string
  name: string
  quantity: number
  ordered: number
  /** Why fewer than ordered were added, or null. */
  note: string | null
}

/** A line "Riordina" could not add, and why, in Italian. */
export interface SkippedLine {
  sku: string
  name: string
  reason: string
}

export interface Reorder {
  cartId: string
  added: ReorderedLine[]
  skipped: SkippedLine[]
}

/** The shop itself; stores sell under their own seller ids. */
const MAIN_SELLER = '1'

const nameOf = (item: Pick<OrderFormItem, 'productName' | 'variantName'>): string => `${item.productName} - ${item.variantName}`

export class CustomerOrders {
  constructor(
    private readonly db: Db,
    private readonly orderForms: OrderFormService,
    private readonly savedCarts: SavedCarts,
    private readonly stores: StoreService,
  ) {}

  /** Every order the customer placed, newest first. */
  async list(customerId: string): Promise<CustomerOrder[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT id FROM order_forms WHERE customer_id = $1 AND status = 'placed' ORDER BY placed_at DESC, order_number DESC`,
      [customerId],
    )
    const orders: CustomerOrder[] = []
    for (const row of rows) {
      const order = await this.byId(customerId, row.id)
      if (order) orders.push(order)
    }
    return orders
  }

  /** The customer's order with this number (any case); null when there is none of theirs. */
  async find(customerId: string, orderNumber: string): Promise<CustomerOrder | null> {
    const [row] = await this.db.query<{ id: string }>(
      `SELECT id FROM order_forms WHERE customer_id = $1 AND status = 'placed' AND upper(order_number) = upper($2)`,
      [customerId, orderNumber.trim()],
    )
    return row ? this.byId(customerId, row.id) : null
  }

  /**
   * Adds every line of the order that can still be bought to the customer's
   * cart (their saved cart, the one every device of theirs restores; opened
   * and saved when they have none): as many units as were ordered, fewer when
   * the line's maximum or a store's stock leaves less room. Null when the
   * order is not theirs.
   */
  async reorder(customerId: string, orderNumber: string): Promise<Reorder | null> {
    const order = await this.find(customerId, orderNumber)
    if (!order) return null
    const viewer = { customerId, guestKey: null }
    let cart = (await this.savedCarts.mine(customerId, false)) ?? (await this.savedCarts.save(viewer, (await this.orderForms.create(viewer)).orderForm.id))
    const lines = order.orderForm.items.filter((item) => !item.isGift)
    const variants = await loadCartVariants(this.db, lines.map((l) => l.sku))
    const added: ReorderedLine[] = []
    const skipped: SkippedLine[] = []
    for (const line of lines) {
      const variant = variants.get(line.sku)
      const name = nameOf(line)
      if (!variant || !variant.listed) {
        skipped.push({ sku: line.sku, name, reason: 'Non è più in vendita.' })
        continue
      }
      if (variant.lowPriceCents <= 0) {
        skipped.push({ sku: line.sku, name, reason: 'Al momento non è disponibile.' })
        continue
      }
      const paid = cart.items.filter((item) => !item.isGift)
      const inCart = paid.filter((item) => item.sku === line.sku).reduce((sum, item) => sum + item.quantity, 0)
      const room = variant.maxQuantity - inCart
      if (room <= 0) {
        skipped.push({ sku: line.sku, name, reason: `Nel carrello c'è già la quantità massima acquistabile (${variant.maxQuantity}).` })
        continue
      }
      const stock = line.seller === MAIN_SELLER ? null : await this.storeStock(line.seller, line.sku)
      if (stock !== null && stock <= 0) {
        skipped.push({ sku: line.sku, name, reason: 'Il negozio da cui lo avevi preso non lo ha più disponibile.' })
        continue
      }
      const quantity = Math.min(line.quantity, room, stock ?? Number.POSITIVE_INFINITY)
      const same = paid.find((item) => lineKey(item) === lineKey(line))
      if ((same?.quantity ?? 0) + quantity < Math.max(1, variant.minQuantity)) {
        skipped.push({ sku: line.sku, name, reason: `Si acquista da almeno ${variant.minQuantity} pezzi e non c'è spazio per tanti.` })
        continue
      }
      try {
        cart = await this.orderForms.addItem(cart.id, viewer, { sku: line.sku, seller: line.seller, attachments: line.attachments, quantity })
      } catch (error) {
        if (!(error instanceof PlatformError) || error.status >= 500) throw error
        skipped.push({ sku: line.sku, name, reason: 'Non è stato possibile aggiungerlo al carrello.' })
        continue
      }
      const note =
        quantity >= line.quantity
          ? null
          : quantity === room
            ? `Aggiunti ${quantity} di ${line.quantity}: la quantità massima acquistabile è ${variant.maxQuantity}.`
            : `Aggiunti ${quantity} di ${line.quantity}: il negozio ne ha solo ${quantity} disponibili.`
      added.push({ sku: line.sku, name, quantity, ordered: line.quantity, note })
    }
    return { cartId: cart.id, added, skipped }
  }

  private async byId(customerId: string, id: string): Promise<CustomerOrder | null> {
    const [row] = await this.db.query<{ order_number: string; placed_at: unknown }>(
      `SELECT order_number, placed_at FROM order_forms WHERE id = $1 AND customer_id = $2 AND status = 'placed'`,
      [id, customerId],
    )
    if (!row) return null
    const orderForm = await this.orderForms.get(id, { customerId, guestKey: null })
    return { id, orderNumber: row.order_number, placedAt: toIso(row.placed_at), status: 'placed', pickupStore: await this.stores.pickupPoint(id), orderForm }
  }

  /** Units a store selling under `seller` holds of `sku`; 0 when no store sells under it any more. */
  private async storeStock(seller: string, sku: string): Promise<number> {
    const [row] = await this.db.query<{ quantity: number }>(
      `SELECT ss.quantity FROM store_stock ss JOIN stores s ON s.id = ss.store_id WHERE (s.seller_id = $1 OR s.vtex_seller_id = $1) AND ss.sku = $2`,
      [seller, sku],
    )
    return row?.quantity ?? 0
  }
}
