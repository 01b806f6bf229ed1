import { PlatformError, notFound } from '../lib/errors'

export interface Attachment {
  name: string
  value: string
}

/** What identifies a line: the same SKU from the same seller with the same attachments. */
export interface LineSelector {
  sku: string
  seller: string
  attachments: readonly Attachment[]
}

export interface CartLine extends LineSelector {
  quantity: number
}

/** Canonical identity of a line; attachment order does not matter. */
export function lineKey(selector: LineSelector): string {
  const attachments = [...selector.attachments]
    .map((a) => [a.name, a.value] as const)
    .sort((a, b) => (a[0] === b[0] ? a[1].localeCompare(b[1]) : a[0].localeCompare(b[0])))
  return JSON.stringify([selector.sku, selector.seller, attachments])
}

function describe(selector: LineSelector): string {
  const extra = selector.attachments.length ? ` with attachments ${selector.attachments.map((a) => `${a.name}=${a.value}`).join(', ')}` : ''
  return `sku ${selector.sku} from seller ${selector.seller}${extra}`
}

function indexOf(lines: readonly CartLine[], selector: LineSelector): number {
  const key = lineKey(selector)
  return lines.findIndex((line) => lineKey(line) === key)
}

function lineNotFound(selector: LineSelector): PlatformError {
  return notFound('LINE_NOT_FOUND', `the order form has no line for ${describe(selector)}`)
}

/** Adds units: summed into the matching line, or appended as a new last line. */
export function addLine(lines: readonly CartLine[], selector: LineSelector, quantity: number): { lines: CartLine[]; touched: CartLine } {
  const at = indexOf(lines, selector)
  if (at === -1) {
    const touched = { sku: selector.sku, seller: selector.seller, attachments: [...selector.attachments], quantity }
    return { lines: [...lines, touched], touched }
  }
  const existing = lines[at] as CartLine
  const touched = { ...existing, quantity: existing.quantity + quantity }
  return { lines: lines.map((line, i) => (i === at ? touched : line)), touched }
}

/** Sets the quantity of an existing line, keeping its position. */
export function setLineQuantity(lines: readonly CartLine[], selector: LineSelector, quantity: number): { lines: CartLine[]; touched: CartLine } {
  const at = indexOf(lines, selector)
  if (at === -1) throw lineNotFound(selector)
  const touched = { ...(lines[at] as CartLine), quantity }
  return { lines: lines.map((line, i) => (i === at ? touched : line)), touched }
}

export function removeLine(lines: readonly CartLine[], selector: LineSelector): CartLine[] {
  const at = indexOf(lines, selector)
  if (at === -1) throw lineNotFound(selector)
  return lines.filter((_, i) => i !== at)
}

/** Lines from a full replacement list: duplicates are summed into the first occurrence. */
export function replaceLines(items: readonly CartLine[]): CartLine[] {
  let lines: CartLine[] = []
  for (const item of items) lines = addLine(lines, item, item.quantity).lines
  return lines
}

/**
 * Gives each line of `items` its quantity (repeated ones summed): 0 takes the
 * line away (one that is not there is no change), a line not there is
 * appended, and every line not named keeps its place and quantity. `touched`
 * are the lines set, as they are now.
 */
export function setLines(lines: readonly CartLine[], items: readonly CartLine[]): { lines: CartLine[]; touched: CartLine[] } {
  let next: CartLine[] = [...lines]
  const touched: CartLine[] = []
  for (const item of replaceLines(items)) {
    const at = indexOf(next, item)
    if (item.quantity === 0) {
      if (at !== -1) next = next.filter((_, i) => i !== at)
      continue
    }
    const line = at === -1 ? { sku: item.sku, seller: item.seller, attachments: [...item.attachments], quantity: item.quantity } : { ...(next[at] as CartLine), quantity: item.quantity }
    next = at === -1 ? [...next, line] : next.map((existing, i) => (i === at ? line : existing))
    touched.push(line)
  }
  return { lines: next, touched }
}

/** Bounds one line's quantity may take. */
export interface QuantityBounds {
  minQuantity: number
  maxQuantity: number
}

/** The rule a quantity breaks, as a message naming the SKU, or null when allowed. */
export function quantityProblem(sku: string, quantity: number, bounds: QuantityBounds): string | null {
  const min = Math.max(1, bounds.minQuantity)
  if (quantity < min) return `quantity must be at least ${min} for sku ${sku}`
  if (quantity > bounds.maxQuantity) return `quantity must be at most ${bounds.maxQuantity} for sku ${sku}`
  return null
}

/**
 * A sku's maximum holds for the cart, not per line: lines that differ only by
 * seller or attachments (a subscription) still draw on one maximum. Only a
 * change that raises the sku's total is refused, so a cart over the maximum
 * (the catalog lowered it, or two carts were combined) can always come down.
 */
export function skuTotalProblem(after: readonly CartLine[], before: readonly CartLine[], sku: string, maxQuantity: number): string | null {
  const total = (lines: readonly CartLine[]) => lines.filter((line) => line.sku === sku).reduce((sum, line) => sum + line.quantity, 0)
  const next = total(after)
  return next > maxQuantity && next > total(before) ? `quantity must be at most ${maxQuantity} for sku ${sku} across all its lines (${next} in the cart)` : null
}

/**
 * The COMBINE merge strategy: every line of `saved`, then every line of
 * `current` summed into its equal line or appended. A summed quantity is capped
 * at that line's maximum (`maxOf`); no line is ever dropped.
 */
export function combineLines(saved: readonly CartLine[], current: readonly CartLine[], maxOf: (sku: string) => number): CartLine[] {
  let lines: CartLine[] = saved.map((line) => ({ ...line, attachments: [...line.attachments] }))
  for (const line of current) lines = addLine(lines, line, line.quantity).lines
  return lines.map((line) => ({ ...line, quantity: Math.max(1, Math.min(line.quantity, maxOf(line.sku))) }))
}

/**
 * COMBINE over two order forms' stored lines: gifts are left out of the sum
 * (the platform decides the merged cart's gifts from its new total), then the
 * paid lines are combined as `combineLines` does.
 */
export function combinePaidLines(saved: readonly (CartLine & { isGift: boolean })[], current: readonly (CartLine & { isGift: boolean })[], maxOf: (sku: string) => number): CartLine[] {
  const paid = (lines: readonly (CartLine & { isGift: boolean })[]): CartLine[] =>
    lines.filter((line) => !line.isGift).map(({ sku, seller, attachments, quantity }) => ({ sku, seller, attachments, quantity }))
  return combineLines(paid(saved), paid(current), maxOf)
}
