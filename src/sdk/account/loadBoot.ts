/**
 * Loads the browser's boot (boot.ts: the session's validation, the cart's persistence, the shared-cart
 * restore) as a chunk of its own, once the page's root has hydrated: none of it is needed to hydrate the
 * page, whose HTML knows neither the shopper nor their cart. A chunk that could not load (offline, a new
 * deployment) is asked for again when the tab next gets the focus or the network back; meanwhile an island
 * that changes the cart starts the cart itself (cart/state.ts, `afterCartLoaded`).
 */
let loading = false

export function loadBoot(load: () => Promise<unknown> = () => import(/* webpackChunkName: "boot" */ './boot')): void {
  if (loading) return
  loading = true
  load().catch(() => {
    loading = false
    const again = () => {
      window.removeEventListener('focus', again)
      window.removeEventListener('online', again)
      loadBoot(load)
    }
    window.addEventListener('focus', again)
    window.addEventListener('online', again)
  })
}
