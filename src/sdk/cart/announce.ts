/**
 * What the shopper is told when the platform's cart differs from theirs: its
 * new messages, and each paid line it no longer holds with the reason
 * (req CART-17, CART-29). Each shows as a toast for MESSAGE_DISPLAY_MS.
 */
import type { CartItem, CartMessage } from '../../domain/types'
import { MESSAGE_DISPLAY_MS } from '../../config/constants'
import { cartTexts } from '../../config/texts/cart'
import { toastState } from '../shell/toasts'

/** Shows each platform message the previous cart did not already have. */
export function announceNewMessages(previous: CartMessage[], next: CartMessage[], push = toastState.push): void {
  const seen = new Set(previous.map((m) => m.text))
  for (const message of next) {
    if (!seen.has(message.text)) push({ text: message.text, status: message.status, durationMs: MESSAGE_DISPLAY_MS })
  }
}

/**
 * Why the platform's cart no longer holds a line: the cart changed elsewhere
 * (another tab or device, this browser having changed nothing), the platform's
 * order form is empty (adopted when validation gave up), or the platform left
 * it out of the cart it answered.
 */
export type DropReason = 'elsewhere' | 'emptied' | 'platform'

/** Tells the shopper, one message per product, about lines a platform cart took out of theirs. */
export function announceDroppedLines(lines: CartItem[], reason: DropReason, push = toastState.push): void {
  for (const line of lines) push({ text: cartTexts.lineGone(line.itemOffered.name, reason), status: 'warning', durationMs: MESSAGE_DISPLAY_MS })
}
