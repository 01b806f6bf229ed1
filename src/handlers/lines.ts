/** Turns a Function's `newItem` into the line the adapter understands. */
import { attachmentsOf } from '../domain/cart'
import type { LineInput } from '../domain/types'

interface NewItemInput {
  quantity?: number
  seller?: { identifier: string }
  itemOffered: { sku: string; additionalProperty: { name: string; value: string; valueReference: string }[] }
}

export function lineFromNewItem(item: NewItemInput): LineInput {
  return {
    sku: item.itemOffered.sku,
    seller: item.seller?.identifier ?? '1',
    quantity: item.quantity ?? 1,
    attachments: attachmentsOf(item.itemOffered.additionalProperty),
  }
}
