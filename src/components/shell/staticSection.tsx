/**
 * Static sections (req PERF-02): parts of a page that nothing on it changes (the footer's
 * blocks, breadcrumbs, a product's description, content blocks). The server
 * renders them; the browser keeps their HTML as React found it and neither
 * loads their components nor hydrates them.
 *
 * - On the server (and in tests and the editing screen's preview, which render
 *   as the server does) a section is its component inside
 *   `<div data-static>`, a box of `display: contents` (baseStyle), so the
 *   layout is the component's own.
 * - In the browser, hydrating, the same box with the HTML it already holds as
 *   `dangerouslySetInnerHTML`: React keeps the nodes and walks none of them.
 *   Their links still navigate client-side and report what the section asks
 *   (`onFollow`), through one listener on the box, and a site link's page is
 *   prefetched when the pointer rests on it or it takes the focus, as Gatsby's
 *   Link does.
 * - A page reached by client-side navigation has no such HTML: a section whose
 *   name and props match one already hydrated reuses its HTML (the footer, the
 *   same on every page); any other renders its component, loaded from a chunk
 *   of its own at the browser's idle time after the first page, or on first
 *   need.
 *
 * Each section's module chooses its component by Gatsby's build stage written
 * inline, `process.env.BUILD_STAGE === 'build-javascript' ? null : require(...)`,
 * so that webpack drops the browser bundle's `require` and the component
 * reaches the browser only through the `load` chunk (a dynamic `import()`).
 */
import { navigate, prefetchPathname } from 'gatsby'
import { lazy, Suspense, useEffect, useId, useState, type ComponentType, type FocusEvent, type MouseEvent } from 'react'
import { whenIdle } from '../../sdk/core/idle'

interface Options {
  /** Called for a click on a link of the section, followed or not: what its component's onClick did. */
  onFollow?: (anchor: HTMLAnchorElement) => void
}

/** The HTML of the sections hydrated so far, by name and props, for later pages showing the same. */
const kept = new Map<string, string>()

/** Loaders of the sections' chunks, run once the first page is hydrated and the browser is idle. */
const pending = new Set<() => unknown>()
let idleScheduled = false
function loadWhenIdle(load: () => unknown) {
  pending.add(load)
  if (idleScheduled) return
  idleScheduled = true
  // A chunk that fails now (offline, a new deployment) is asked for again by the page that needs it.
  const run = () => pending.forEach((each) => void Promise.resolve(each()).catch(() => undefined))
  whenIdle(run, { timeout: 5000, fallback: 2000 })
}

/** The link an event inside a section's box happened on, if any. */
function anchorOf(event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>): HTMLAnchorElement | null {
  const anchor = event.target instanceof Element ? event.target.closest('a') : null
  return anchor && event.currentTarget.contains(anchor) ? anchor : null
}

/** A left click on a site link without modifier keys navigates client-side, as Gatsby's Link does. */
export function followLink(event: MouseEvent<HTMLElement>, onFollow?: (anchor: HTMLAnchorElement) => void): void {
  const anchor = anchorOf(event)
  if (!anchor) return
  onFollow?.(anchor)
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
  const url = new URL(anchor.href, window.location.href)
  if (url.origin !== window.location.origin) return
  event.preventDefault()
  void navigate(`${url.pathname}${url.search}${url.hash}`)
}

/** A site link under the pointer or the focus: its page's data and code are fetched ahead of the click. */
export function prefetchLink(event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>): void {
  const anchor = anchorOf(event)
  if (!anchor) return
  const url = new URL(anchor.href, window.location.href)
  if (url.origin === window.location.origin) prefetchPathname(url.pathname)
}

export function staticSection<P extends object>(
  name: string,
  server: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
  { onFollow }: Options = {},
): ComponentType<P> {
  if (server) {
    const Section = server
    return function StaticSection(props: P) {
      return (
        <div data-static={useId()}>
          <Section {...props} />
        </div>
      )
    }
  }
  let loaded: ComponentType<P> | null = null
  const loadOnce = () =>
    load().then((component) => {
      loaded = component
      return { default: component }
    })
  // React's type for a lazy component adds a ref to props P cannot be shown to lack; it takes exactly P.
  const Lazy = lazy(loadOnce) as unknown as ComponentType<P>
  return function StaticSection(props: P) {
    const id = useId()
    const key = `${name}\n${JSON.stringify(props)}`
    // Read once, when the section mounts: hydrating, the server's box of the same id holds its HTML.
    useState(() => {
      const html = document.querySelector(`[data-static="${id}"]`)?.innerHTML
      if (html !== undefined) kept.set(key, html)
    })
    useEffect(() => {
      if (!loaded) loadWhenIdle(loadOnce)
    }, [])
    const html = kept.get(key)
    if (html !== undefined) {
      return (
        <div
          data-static={id}
          onClick={(event) => followLink(event, onFollow)}
          onMouseOver={prefetchLink}
          onFocus={prefetchLink}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )
    }
    const Section = loaded ?? Lazy
    return (
      <Suspense fallback={null}>
        <Section {...props} />
      </Suspense>
    )
  }
}
