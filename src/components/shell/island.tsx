/**
 * Deferred islands (req PERF-03): interactive parts of a page (the search box, the account menu, the
 * sub-header, the footer's accordion, a product's buy box, heart and pickup box) whose code is not in the
 * page's first load. The server renders them with the page; the browser shows that HTML, hydrates the
 * page around it, and hydrates each island in a React root of its own once its chunk has arrived: at the
 * browser's first idle moment after the page has hydrated, or at once when the shopper reaches for it.
 *
 * - On the server (and in tests and the editing screen's preview, which render as the server does) an
 *   island is its component inside `<div data-island data-island-pending>`, a box of `display: contents`
 *   (GlobalStyle), so the layout is the component's own.
 * - In the browser, on the page the server sent, the page's root renders the same box with the HTML it
 *   already holds as `dangerouslySetInnerHTML`, so React keeps those nodes and walks none of them. A
 *   pointer, a key or the focus inside the box, or a tap kept by the early-tap script
 *   (src/sdk/core/earlyTaps.ts), loads the island's chunk at once; otherwise it loads when the browser is
 *   first idle. The island then hydrates the box's nodes in its own root, with the props and the panel
 *   state the page first rendered it with (those the server used), renders again with the latest, takes off the pending mark
 *   and replays the taps made on it meanwhile. Later renders of the page render the island's root again.
 * - The island's root sees no context of the page's root: the panel system's state is handed over
 *   (`useUIBridge`), element ids come from `useStableId`, the same in both roots, and a render error
 *   goes to the page's error handling through an `ErrorBoundary` of its own.
 * - A page reached by client-side navigation has no such HTML: the island renders inside the page's root,
 *   from its chunk, which is loaded at the browser's idle time after the first page.
 * - The page counts as hydrated (`data-hydrated` on `<html>`, which the browser journeys wait for) once
 *   every island of the first page is.
 *
 * Each island's module chooses its component by Gatsby's build stage written inline, as static sections
 * do (src/components/shell/staticSection.tsx), so webpack leaves the component out of the browser's first
 * load and it reaches the browser only through the `load` chunk.
 */
import { lazy, startTransition, Suspense, useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { ISLAND_PENDING_ATTRIBUTE, replayEarlyTaps } from '../../sdk/core/earlyTaps'
import { IslandIdScope } from '../../sdk/core/stableId'
import { useUIBridge } from '../../sdk/shell/panels'
import { ErrorBoundary } from './ErrorBoundary'

/** Islands of the first page still to hydrate, and the calls waiting until none is. */
const unhydrated = new Set<string>()
let waiting: Array<() => void> = []

/** Calls `settled` once every island of the first page has hydrated (at once when none is left). */
export function whenIslandsHydrated(settled: () => void): void {
  if (unhydrated.size === 0) settled()
  else waiting.push(settled)
}

function hydrated(id: string) {
  unhydrated.delete(id)
  if (unhydrated.size > 0) return
  const calls = waiting
  waiting = []
  calls.forEach((call) => call())
}

/** Every island's loader, run at the first idle moment so that later pages find their chunks ready. */
const loaders = new Set<() => Promise<unknown>>()
let idleScheduled = false
function loadAllWhenIdle() {
  if (idleScheduled) return
  idleScheduled = true
  whenIdle(() => loaders.forEach((load) => void load().catch(() => undefined)))
}

function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 })
  else setTimeout(run, 200)
}

/** What moves a shopper's hand to an island: any of these inside its box loads it at once. */
const REACHING = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'mouseover'] as const

/** Runs its callback once, after the island's own root has committed its first render (effects run children first). */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  const latest = useRef(onCommit)
  latest.current = onCommit
  useEffect(() => latest.current(), [])
  return <>{children}</>
}

export function island<P extends object>(server: ComponentType<P> | null, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  if (server) {
    const Component = server
    return function Island(props: P) {
      const id = useId()
      return (
        <div data-island={id} {...{ [ISLAND_PENDING_ATTRIBUTE]: '' }}>
          <IslandIdScope id={id}>
            <Component {...props} />
          </IslandIdScope>
        </div>
      )
    }
  }

  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const loadOnce = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A chunk that failed (offline, a new deployment) is asked for again at the next need.
        loading = null
        throw error
      },
    )
    return loading
  }
  loaders.add(loadOnce)
  // React's type for a lazy component adds a ref to props P cannot be shown to lack; it takes exactly P.
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component }))) as unknown as ComponentType<P>

  /** An island on a page the browser rendered itself: inside the page's root. */
  function Rendered({ id, props }: { id: string; props: P }) {
    const Component = loaded ?? Lazy
    return (
      <IslandIdScope id={id}>
        <Suspense fallback={null}>
          <Component {...props} />
        </Suspense>
      </IslandIdScope>
    )
  }

  /** An island the server rendered: its HTML stays as it is until the island's root hydrates it. */
  function Deferred({ id, html, props }: { id: string; html: string; props: P }) {
    const box = useRef<HTMLDivElement>(null)
    const root = useRef<Root | null>(null)
    const [first] = useState(props)
    const [done, setDone] = useState(false)
    const bridge = useUIBridge()
    const [firstBridge] = useState(() => bridge)
    const element = (current: P, onCommit = () => undefined, through = bridge) => {
      const Component = loaded as ComponentType<P>
      return through(
        <ErrorBoundary>
          <IslandIdScope id={id}>
            <Committed onCommit={onCommit}>
              <Component {...current} />
            </Committed>
          </IslandIdScope>
        </ErrorBoundary>,
      )
    }
    const render = useRef(element)
    render.current = element

    useEffect(() => {
      const node = box.current
      if (!node) return
      // Counted once committed: a render React throws away (a page it renders again after a mismatch) counts nothing.
      unhydrated.add(id)
      let cancelled = false
      const hydrate = () => {
        if (cancelled || root.current) return
        startTransition(() => {
          root.current = hydrateRoot(
            node,
            render.current(
              first,
              () => {
                node.removeAttribute(ISLAND_PENDING_ATTRIBUTE)
                setDone(true)
                replayEarlyTaps(window, node)
                hydrated(id)
              },
              firstBridge,
            ),
          )
        })
      }
      const listen = () => REACHING.forEach((type) => node.addEventListener(type, start, true))
      const start = () => {
        REACHING.forEach((type) => node.removeEventListener(type, start, true))
        // A chunk that failed to load leaves the server's HTML, whose links and forms work without it,
        // and is asked for again when the shopper next reaches for the island.
        loadOnce().then(hydrate, () => {
          if (!cancelled) listen()
        })
      }
      listen()
      if (window.__earlyTaps?.some((tapped) => node.contains(tapped))) start()
      else whenIdle(start)
      loadAllWhenIdle()
      return () => {
        cancelled = true
        REACHING.forEach((type) => node.removeEventListener(type, start, true))
        hydrated(id)
        const own = root.current
        // Unmounting a root while the page's root commits is refused; the box leaves the page anyway.
        if (own) setTimeout(() => own.unmount(), 0)
      }
    }, [id, first, firstBridge])

    // Once hydrated, the island follows the page's renders (new props, another panel open).
    useEffect(() => {
      if (done) root.current?.render(render.current(props))
    })

    return <div data-island={id} {...{ [ISLAND_PENDING_ATTRIBUTE]: '' }} ref={box} dangerouslySetInnerHTML={{ __html: html }} />
  }

  return function Island(props: P) {
    const id = useId()
    // Read once, when the island mounts: on the page the server sent, its box of the same id holds the HTML.
    const [html] = useState(() => {
      const node = document.querySelector(`[data-island="${id}"][${ISLAND_PENDING_ATTRIBUTE}]`)
      return node?.innerHTML
    })
    if (html === undefined) return <Rendered id={id} props={props} />
    return <Deferred id={id} html={html} props={props} />
  }
}
