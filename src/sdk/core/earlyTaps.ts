/**
 * Taps before hydration. The static HTML arrives long before React hydrates
 * it, and a button's handler does not exist until then. A few bytes of inline
 * script in the head (`earlyTapScript`, written by gatsby-ssr) listen for
 * clicks on every `type="button"` button and every control marked
 * `data-early-tap="<id>"` (a submit button the page handles itself, such as
 * "Aggiungi al carrello"), and keep the control; once the whole tree is
 * hydrated, `replayEarlyTaps` clicks each of them again, so the shopper's tap
 * does what it would have done. Hydration keeps the static HTML's nodes, so
 * the node tapped is the node React now handles; a marked control that was
 * replaced is found again by its id. Links and other forms need none of
 * this: they work without JavaScript.
 *
 * Until then the tap is the script's alone (it stops the event), so React,
 * which may be hydrating that very moment, never handles it a second time.
 * It also keeps a marked submit button's form from being sent: the product
 * page's buy box is a form that adds without JavaScript (req CART-30), and a
 * browser that runs this script adds once, in the page, after hydration,
 * never through the form as well.
 *
 * A deferred island (src/components/shell/island.tsx) hydrates after the
 * page, in a root of its own: while it carries `data-island-pending`, taps on
 * its controls, its checkboxes and radio buttons (a listing's facets, the buy
 * box's purchase mode: the click is stopped, so the input does not change until
 * the island acts on it), and plain left
 * clicks on its links (which would leave without what the island does on
 * them, such as reporting the footer's links), are kept as before the page's
 * hydration, and replayed once it has hydrated.
 *
 * Invariants: a control tapped several times before hydration is replayed
 * once (the shopper tapped again because nothing happened); nothing is
 * captured after hydration outside a pending island; a tap on a control that
 * is gone or disabled after hydration is dropped.
 */

export const EARLY_TAP_ATTRIBUTE = 'data-early-tap'

/**
 * Marks a deferred island (src/components/shell/island.tsx) whose code has not hydrated it yet: the page
 * around it may be hydrated, its controls are not, so their taps are kept until it is.
 */
export const ISLAND_PENDING_ATTRIBUTE = 'data-island-pending'

declare global {
  interface Window {
    __earlyTaps?: Element[]
    __hydrated?: boolean
  }
}

type EarlyTapWindow = Pick<Window, '__earlyTaps' | '__hydrated' | 'document'>

/**
 * The inline script. It must stay tiny and dependency-free: it runs before
 * any bundle, and the server allows it by its hash in the page's CSP.
 */
export const earlyTapScript = `(function(w){var q=w.__earlyTaps=w.__earlyTaps||[];w.document.addEventListener('click',function(e){var c=e.target&&e.target.closest?e.target:null;if(!c)return;var t=c.closest('[${EARLY_TAP_ATTRIBUTE}],button[type=button]'),p=c.closest('[${ISLAND_PENDING_ATTRIBUTE}]');if(!t&&p)t=c.closest('input[type=checkbox],input[type=radio]');if(w.__hydrated){if(!p)return;if(!t){t=c.closest('a[href]');if(!t||e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return}if(!p.contains(t))return}else if(!t)return;e.preventDefault();e.stopPropagation();q.push(t)},true)})(window)`

/** Props for a control that is not a `type="button"` button and whose early taps are replayed. */
export const earlyTap = (id: string) => ({ [EARLY_TAP_ATTRIBUTE]: id })

/**
 * Clicks each control tapped before its part of the page was hydrated; answers what it replayed (the id,
 * or the test id). Without `within`, the page's root has hydrated: the page is marked hydrated and the
 * taps outside islands still pending are replayed. With it, the island `within` has hydrated, and the
 * taps inside it are replayed (its pending mark already taken off, so the script lets them through);
 * `drop` forgets them instead (the island's code could not load, so its HTML acts without it).
 */
export function replayEarlyTaps(
  win: EarlyTapWindow | undefined = typeof window === 'undefined' ? undefined : window,
  within?: Element,
  { drop = false } = {},
): string[] {
  if (!win) return []
  if (!within) win.__hydrated = true
  const queue = win.__earlyTaps ?? []
  // A node no longer on the page (rendered again after a mismatch, or a page left) is due now: found again by its id, or dropped.
  const isDue = (node: Element) => !node.isConnected || (within ? within.contains(node) : !node.closest(`[${ISLAND_PENDING_ATTRIBUTE}]`))
  const tapped = [...new Set(queue.filter(isDue))]
  const kept = queue.filter((node) => !isDue(node))
  queue.length = 0
  queue.push(...kept)
  if (drop) return []
  const replayed: string[] = []
  for (const node of tapped) {
    const id = node.getAttribute(EARLY_TAP_ATTRIBUTE)
    const control = node.isConnected ? node : id === null ? null : win.document.querySelector(`[${EARLY_TAP_ATTRIBUTE}="${cssString(id)}"]`)
    if (!(control instanceof HTMLElement) || (control as HTMLButtonElement).disabled) continue
    control.click()
    replayed.push(id ?? control.getAttribute('data-testid') ?? control.tagName.toLowerCase())
  }
  return replayed
}

/** The id inside a double-quoted attribute selector. */
const cssString = (value: string) => value.replace(/["\\]/g, '\\$&')
