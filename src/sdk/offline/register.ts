/**
 * Registers the service worker (public/sw.js, src/sw/) once the page has
 * loaded, so it never competes with the page's own first requests. Gatsby's
 * own registration is not used: it registers only over https or on a host
 * named "localhost", not on 127.0.0.1, where `npm start` serves.
 *
 * A new deploy's worker takes control of open pages as soon as it is active;
 * the page then marks `___swUpdated`, which makes Gatsby's next link
 * navigation a full page load: the new build's HTML with its own files.
 */
type Updatable = { ___swUpdated?: boolean }

export interface RegisterEnvironment {
  navigator: Navigator
  window: Window & Updatable
  document: Document
}

export function registerServiceWorker(env: RegisterEnvironment = { navigator, window, document }): void {
  const { navigator: nav, window: win, document: doc } = env
  if (!('serviceWorker' in nav) || !win.isSecureContext) return
  const container = nav.serviceWorker
  // A page first opened without a worker is not "updated" when the first worker claims it.
  let controlled = Boolean(container.controller)
  container.addEventListener('controllerchange', () => {
    if (controlled) win.___swUpdated = true
    controlled = true
  })
  const register = () => {
    container.register('/sw.js').catch((error: unknown) => console.warn('service worker not registered', error))
  }
  if (doc.readyState === 'complete') register()
  else win.addEventListener('load', register, { once: true })
}
