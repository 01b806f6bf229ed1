/**
 * Work the page can put off: run at the browser's next idle moment, and at the latest after `timeout` ms; a
 * browser without idle callbacks runs it after `fallback` ms. On the server it never runs.
 */
export function whenIdle(run: () => void, { timeout, fallback }: { timeout: number; fallback: number }): void {
  if (typeof window === 'undefined') return
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => run(), { timeout })
  else window.setTimeout(run, fallback)
}
