/**
 * The customer's rights over their data (req GDPR-01, GDPR-02): a copy of everything the
 * shop holds about them, and the erasure of their account.
 *
 * Erasure removes the person and everything that is only theirs (sessions,
 * known devices, addresses, wishlist, favourite store, saved and open carts,
 * the failure counters named by their email), and keeps their placed orders
 * for the shop's accounts with no customer, no email and no guest-cart key: what was
 * sold and when stays, who bought it does not. Orders they placed as a guest
 * with the same email are kept the same way.
 */
import type { Db } from '../db/types'
import { toIso } from '../db/values'
import type { CustomerOrders } from '../cart/customer-orders'
import type { SavedCarts } from './saved-carts'
import type { StoreService } from '../stores/service'
import type { AddressBook } from './addresses'
import type { Customer } from './customers'
import type { Wishlists } from './wishlists'

export class PersonalData {
  constructor(
    private readonly db: Db,
    private readonly parts: { orders: CustomerOrders; addresses: AddressBook; wishlists: Wishlists; savedCarts: SavedCarts; stores: StoreService },
  ) {}

  /** Everything the shop holds about the customer, as one JSON-ready object. */
  async export(customer: Customer): Promise<Record<string, unknown>> {
    const [account] = await this.db.query<{ created_at: unknown }>('SELECT created_at FROM customers WHERE id = $1', [customer.id])
    const sessions = await this.db.query<{ created_at: unknown; expires_at: unknown }>(
      'SELECT created_at, expires_at FROM sessions WHERE customer_id = $1 ORDER BY created_at',
      [customer.id],
    )
    const devices = await this.db.query<{ created_at: unknown; expires_at: unknown }>(
      'SELECT created_at, expires_at FROM known_devices WHERE customer_id = $1 ORDER BY created_at',
      [customer.id],
    )
    const orders = await this.parts.orders.list(customer.id)
    const guestOrders = await this.db.query<{ order_number: string; placed_at: unknown }>(
      `SELECT order_number, placed_at FROM order_forms WHERE customer_id IS NULL AND status = 'placed' AND contact_email = $1 ORDER BY placed_at`,
      [customer.email],
    )
    const cart = await this.parts.savedCarts.mine(customer.id, true)
    const favourite = await this.parts.stores.favourite(customer.id)
    const period = (row: { created_at: unknown; expires_at: unknown }) => ({ createdAt: toIso(row.created_at), expiresAt: toIso(row.expires_at) })
    return {
      exportedAt: new Date().toISOString(),
      account: {
        id: customer.id,
        givenName: customer.givenName,
        familyName: customer.familyName,
        email: customer.email,
        createdAt: account ? toIso(account.created_at) : null,
        isVet: customer.isVet,
        profilingConsent: customer.profilingConsent,
      },
      loyaltyCard: { bkId: customer.bkId, arcacard: customer.arcacard },
      addresses: await this.parts.addresses.list(customer.id),
      orders: orders.map((order) => ({
        orderNumber: order.orderNumber,
        placedAt: order.placedAt,
        status: order.status,
        pickupStore: order.pickupStore && { id: order.pickupStore.id, name: order.pickupStore.name },
        total: order.orderForm.totals.total,
        items: order.orderForm.items.map((item) => ({ sku: item.sku, name: `${item.productName} - ${item.variantName}`, quantity: item.quantity, price: item.price, isGift: item.isGift })),
      })),
      guestOrders: guestOrders.map((row) => ({ orderNumber: row.order_number, placedAt: toIso(row.placed_at) })),
      savedCart: cart && { id: cart.id, items: cart.items.map((item) => ({ sku: item.sku, quantity: item.quantity })) },
      wishlist: (await this.parts.wishlists.listForPage(customer.id)).map((item) => ({ sku: item.sku, name: `${item.productName} - ${item.variantName}` })),
      favouriteStore: favourite && { id: favourite.id, name: favourite.name },
      sessions: sessions.map(period),
      knownDevices: devices.map(period),
    }
  }

  /**
   * Erases the account in one transaction; answers the numbers of the orders
   * kept anonymised. Every session of the customer ends with it.
   */
  async erase(customer: Customer): Promise<string[]> {
    const id = customer.id
    const email = customer.email
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM customers WHERE id = $1 FOR UPDATE', [id])
      const kept = await tx.query<{ order_number: string }>(
        `UPDATE order_forms SET customer_id = NULL, contact_email = NULL, guest_key_hash = NULL, anonymised_at = now()
         WHERE status = 'placed' AND (customer_id = $1 OR contact_email = $2) RETURNING order_number`,
        [id, email],
      )
      // Carts still open are theirs alone: their lines go with them.
      await tx.query(`DELETE FROM order_forms WHERE customer_id = $1 AND status = 'open'`, [id])
      for (const table of ['sessions', 'known_devices', 'saved_carts', 'wishlist_items', 'favourite_stores', 'customer_addresses']) {
        await tx.query(`DELETE FROM ${table} WHERE customer_id = $1`, [id])
      }
      // The failure counters whose keys name the email (logins, registrations).
      await tx.query(`DELETE FROM attempt_failures WHERE key LIKE ANY($1::text[])`, [
        [`login:pair:${likeEscape(email)} %`, `login:account:${likeEscape(email)}`, `register:pair:${likeEscape(email)} %`],
      ])
      await tx.query('DELETE FROM customers WHERE id = $1', [id])
      return kept.map((row) => row.order_number).sort()
    })
  }
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
