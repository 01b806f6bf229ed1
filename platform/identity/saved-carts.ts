import type { OrderForm } from '../wire'
import type { Viewer } from '../cart/access'
import type { OrderFormService } from '../cart/service'
import type { Db } from '../db/types'
import { PlatformError } from '../lib/errors'

/**
 * Saved carts: the one order form a customer finds on every device. An order
 * form is saved for at most one customer, and only by a customer who may
 * already change it (a guest order form, or their own): the claim and the save
 * happen in one transaction, so a cart is never attached to a customer before
 * its ownership is checked.
 */
/** A logged-in customer, with the guest-cart key their browser holds. */
type CustomerViewer = Viewer & { customerId: string }

export class SavedCarts {
  constructor(
    private readonly db: Db,
    private readonly orderForms: OrderFormService,
  ) {}

  /** The customer who saved or owns this order form, or null; an unknown order form has none. */
  async owner(orderFormId: string): Promise<string | null> {
    const [row] = await this.db.query<{ owner: string | null }>(
      `SELECT COALESCE(s.customer_id, o.customer_id) AS owner
       FROM order_forms o LEFT JOIN saved_carts s ON s.order_form_id = o.id WHERE o.id = $1`,
      [orderFormId.toLowerCase()],
    )
    return row?.owner ?? null
  }

  /** The customer's saved order form while it is open (a placed one is no longer a cart); null when empty and `nullOnEmpty`. */
  async mine(customerId: string, nullOnEmpty: boolean): Promise<OrderForm | null> {
    const id = await this.savedId(customerId)
    if (!id) return null
    const orderForm = await this.orderForms.get(id, { customerId, guestKey: null })
    return nullOnEmpty && orderForm.items.every((i) => i.isGift) ? null : orderForm
  }

  /**
   * Makes `orderFormId` the customer's saved cart, claiming it when it is a guest
   * cart of their browser; 403 when it belongs to someone else, 404 for a guest
   * cart without its key, 409 once placed.
   */
  async save(viewer: CustomerViewer, orderFormId: string): Promise<OrderForm> {
    const { customerId } = viewer
    await this.db.transaction(async (tx) => {
      await this.orderForms.claim(tx, orderFormId, viewer)
      await tx.query('DELETE FROM saved_carts WHERE customer_id = $1', [customerId])
      await tx.query('INSERT INTO saved_carts (customer_id, order_form_id) VALUES ($1, $2)', [customerId, orderFormId.toLowerCase()])
    })
    return this.orderForms.get(orderFormId, viewer)
  }

  /**
   * COMBINE: the current cart's lines summed into the customer's saved cart,
   * which is answered. `savedOrderFormId` must be the customer's saved cart
   * (403 otherwise), so a stale or forged id never receives lines. A current
   * cart that is a guest cart of the customer's browser is claimed by them.
   */
  async merge(viewer: CustomerViewer, savedOrderFormId: string, currentOrderFormId: string): Promise<OrderForm> {
    const savedId = await this.savedId(viewer.customerId)
    if (savedId !== savedOrderFormId.toLowerCase()) {
      throw new PlatformError(403, 'NOT_YOUR_SAVED_CART', `order form ${savedOrderFormId} is not the saved cart of this customer`)
    }
    if (savedId === currentOrderFormId.toLowerCase()) return this.orderForms.get(savedId, viewer)
    return this.orderForms.combine(savedId, currentOrderFormId, viewer)
  }

  private async savedId(customerId: string): Promise<string | null> {
    const [row] = await this.db.query<{ id: string }>(
      `SELECT s.order_form_id AS id FROM saved_carts s JOIN order_forms o ON o.id = s.order_form_id
       WHERE s.customer_id = $1 AND o.status = 'open'`,
      [customerId],
    )
    return row?.id ?? null
  }
}
