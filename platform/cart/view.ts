/**
 * An order form as the API shows it: each line dressed with the catalog's
 * names, pictures and prices (frozen ones once placed), the messages about
 * lines that cannot be bought, and the totals.
 */
import type { OrderForm, OrderFormItem, OrderFormMessage } from '../wire'
import { imageUrl } from '../catalog/images'
import type { CatalogReference } from '../catalog/reference'
import type { Db, Queryable } from '../db/types'
import { centsToEuros, toIso } from '../db/values'
import type { ReadCache } from '../lib/read-cache'
import { loadCartVariants, type CartVariant } from './catalog'
import type { CartLine } from './lines'
import { computeTotals, unitPriceCents, type PricedLine } from './pricing'
import { selectLines, type LineRow, type OrderFormRow } from './queries'

/** An order form as the API shows it, plus what only the checkout page needs. */
export interface OrderFormView {
  orderForm: OrderForm
  orderNumber: string | null
}

/** What an order form's lines make of it, the same for every viewer until the lines or the catalog change. */
type Contents = Pick<OrderForm, 'items' | 'messages' | 'totals'>

/** A line with its unit prices settled, before it is dressed for the wire. */
export interface SettledLine extends CartLine, PricedLine {
  variant: CartVariant
}

/** Prices every line: frozen prices once placed, catalog prices (with tiers) before. */
export async function settle(db: Queryable, rows: LineRow[]): Promise<SettledLine[]> {
  const variants = await loadCartVariants(db, rows.map((r) => r.sku))
  return rows.map((row) => {
    const variant = variants.get(row.sku)
    if (!variant) throw new Error(`order form line refers to missing sku ${row.sku}`)
    const priceCents = row.placed_price_cents ?? (row.is_gift ? 0 : unitPriceCents(variant, row.quantity))
    const listPriceCents = row.placed_list_price_cents ?? (row.is_gift ? 0 : variant.listPriceCents)
    return { sku: row.sku, seller: row.seller, attachments: row.attachments, quantity: row.quantity, isGift: row.is_gift, priceCents, listPriceCents, variant }
  })
}

export class OrderFormViews {
  constructor(
    private readonly db: Db,
    private readonly reference: CatalogReference,
    private readonly publicUrl: () => string,
    /** Keeps the priced lines of each order form by its last change; invalidated with the catalog. */
    private readonly cache: ReadCache,
  ) {}

  /** The order form of a row whose access has been checked. */
  async present(db: Queryable, row: OrderFormRow): Promise<OrderFormView> {
    // Inside a transaction the lines may still change or roll back, so only
    // committed reads are kept; the stamp moves with every change to the lines.
    const contents =
      db === this.db ? await this.cache.memo(`order-form:${row.id}:${row.status}:${row.stamp}`, () => this.contents(db, row.id)) : await this.contents(db, row.id)
    return {
      orderNumber: row.order_number,
      orderForm: { id: row.id, status: row.status, orderNumber: row.order_number, customerId: row.customer_id, ...contents, updatedAt: toIso(row.updated_at) },
    }
  }

  private async contents(db: Queryable, id: string): Promise<Contents> {
    const lines = await settle(db, await selectLines(db, id))
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
