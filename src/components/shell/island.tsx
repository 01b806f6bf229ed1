/**
 * Deferred islands (req PERF-03): interactive parts of a page (the search box, the account menu, the
 * sub-header, the footer's accordion, a product's buy box and pickup box) whose code is not in the page's
 * first load. The server renders them with the page; the browser shows that HTML, hydrates the page
 * around it, and hydrates each island in a React root of its own once its chunk has arrived: at the
 * browser's first idle moment for an island on screen, when it comes near the screen for one below it,
 * and at once when the shopper reaches for it.
 *
 * - On the server (and in tests and the editing screen's preview, which render as the server does) an
 *   island is its component inside `<div data-island data-island-pending>`, a box of `display: contents`
 *   (baseStyle), so the layout is the component's own.
 * - In the browser, on the page the server sent, the page's root renders the same box with the HTML it
 *   already holds as `dangerouslySetInnerHTML`, so React keeps those nodes and walks none of them. A
 *   pointer, a key or the focus inside the box, or a tap kept by the early-tap script
 *   (src/sdk/core/earlyTaps.ts, which keeps taps on the box's buttons and links while it is pending),
 *   loads the island's chunk at once. The island then hydrates the box's nodes in its own root, with the
 *   props and the panel state the page first rendered it with (those the server used), renders with the
 *   latest, takes off the pending mark and replays the taps kept on it. Later renders of the page render
 *   the island's root again, each as a transition.
 * - The island's root sees no context of the page's root: the panel system's state is handed over
 *   (`useUIBridge`), element ids come from `useStableId`, the same in both roots, and a render error
 *   goes to the page's error handling through an `ErrorBoundary` of its own.
 * - A chunk that fails to load leaves the server's HTML without its pending mark, so its links and forms
 *   work as without JavaScript, and is asked for again when the shopper next reaches for the island.
 * - A page reached by client-side navigation has no such HTML: the island renders inside the page's root,
 *   in the same box, from its chunk, which the browser prefetched (deferred.tsx).
 * - The page counts as hydrated (`data-hydrated` on `<html>`, which the browser journeys wait for) once
 *   every island that was on screen when the page hydrated has hydrated too.
 *
 * Each island's module chooses its component by Gatsby's build stage written inline, as static sections
 * do (src/components/shell/staticSection.tsx), so webpack leaves the component out of the browser's first
 * load and it reaches the browser only through the `load` chunk.
 */
import { lazy, startTransition, Suspense, useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { ISLAND_PENDING_ATTRIBUTE, replayEarlyTaps } from '../../sdk/core/earlyTaps'
import { whenIdle } from '../../sdk/core/idle'
import { IslandIdScope } from '../../sdk/core/stableId'
import { useUIBridge } from '../../sdk/shell/panels'
import { ErrorBoundary } from './ErrorBoundary'

/** Islands the page waits for (on screen when it hydrated) still to hydrate, and the calls waiting until none is. */
const awaited = new Set<string>()
let waiting: Array<() => void> = []

/** Calls `settled` once every island the page waits for has hydrated (at once when none is left). */
export function whenIslandsHydrated(settled: () => void): void {
  if (awaited.size === 0) settled()
  else waiting.push(settled)
}

function hydrated(id: string) {
  if (!awaited.delete(id) || awaited.size > 0) return
  const calls = waiting
  waiting = []
  calls.forEach((call) => call())
}

/** An island on screen hydrates at the first idle moment, and within 2 s on a busy page. */
const whenPageIdle = (run: () => void) => whenIdle(run, { timeout: 2000, fallback: 200 })

/** How far below the screen an island starts to load, so that it is ready when scrolled to. */
const NEAR_SCREEN = '400px'

/** Whether any of the box's elements is on screen now (a box of `display: contents` has no box of its own). */
function onScreen(node: Element): boolean {
  return [...node.children].some((child) => {
    const rect = child.getBoundingClientRect()
    return rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < window.innerHeight
  })
}

/** What moves a shopper's hand to an island: any of these inside its box loads it at once. */
const REACHING = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'mouseover'] as const
const LISTENING = { capture: true, passive: true } as const

/**
 * Runs its callback after the island's own root has committed the render that brought a new `step` (effects
 * run children first, so the island's own have run).
 */
function Committed({ step, onCommit, children }: { step: number; onCommit: () => void; children: ReactNode }) {
  const latest = useRef(onCommit)
  latest.current = onCommit
  useEffect(() => latest.current(), [step])
  return <>{children}</>
}

/** The island's root renders: hydrating (0), then with the page's latest props and state (1 and after). */
const HYDRATING = 0
const CURRENT = 1

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
  // React's type for a lazy component adds a ref to props P cannot be shown to lack; it takes exactly P.
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component }))) as unknown as ComponentType<P>

  /** An island on a page the browser rendered itself: inside the page's root, in the same box. */
  function Rendered({ id, props }: { id: string; props: P }) {
    // Chosen once: switching from the lazy stand-in to the component would mount the island again.
    const [Component] = useState(() => loaded ?? Lazy)
    return (
      <div data-island={id}>
        <IslandIdScope id={id}>
          <Suspense fallback={null}>
            <Component {...props} />
          </Suspense>
        </IslandIdScope>
      </div>
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
    const element = (current: P, step = CURRENT, onCommit: () => void = () => undefined, through = bridge) => {
      const Component = loaded as ComponentType<P>
      return through(
        <ErrorBoundary>
          <IslandIdScope id={id}>
            <Committed step={step} onCommit={onCommit}>
              <Component {...current} />
            </Committed>
          </IslandIdScope>
        </ErrorBoundary>,
      )
    }
    const latest = useRef({ element, props })
    latest.current = { element, props }

    useEffect(() => {
      const node = box.current
      if (!node) return
      let cancelled = false
      let observer: IntersectionObserver | null = null
      // Hydrated, the island renders with the page's latest props and panel state (a variant chosen from the
      // address since), then the taps kept on it are replayed on what the shopper sees now. Every render of
      // the island's root is a transition: an urgent one reaching a boundary of it not hydrated yet would
      // make React drop that boundary's HTML and render it again.
      const current = () => {
        if (cancelled) return
        node.removeAttribute(ISLAND_PENDING_ATTRIBUTE)
        setDone(true)
        replayEarlyTaps(window, node)
        hydrated(id)
      }
      const hydrate = () => {
        if (cancelled || root.current) return
        const rendered = () => startTransition(() => root.current?.render(latest.current.element(latest.current.props, CURRENT, current)))
        startTransition(() => {
          root.current = hydrateRoot(node, latest.current.element(first, HYDRATING, () => !cancelled && rendered(), firstBridge))
        })
      }
      const listen = () => REACHING.forEach((type) => node.addEventListener(type, start, LISTENING))
      const stop = () => {
        observer?.disconnect()
        REACHING.forEach((type) => node.removeEventListener(type, start, LISTENING))
      }
      const start = (): void => {
        stop()
        loadOnce().then(hydrate, () => {
          if (cancelled) return
          // The server's HTML works without its code: taps kept on it are dropped, later ones act natively.
          node.removeAttribute(ISLAND_PENDING_ATTRIBUTE)
          replayEarlyTaps(window, node, { drop: true })
          hydrated(id)
          listen()
        })
      }
      listen()
      if (window.__earlyTaps?.some((tapped) => node.contains(tapped))) {
        awaited.add(id)
        start()
      } else if (onScreen(node) || !('IntersectionObserver' in window)) {
        awaited.add(id)
        whenPageIdle(start)
      } else {
        observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && whenPageIdle(start), { rootMargin: NEAR_SCREEN })
        for (const child of node.children) observer.observe(child)
      }
      return () => {
        cancelled = true
        stop()
        hydrated(id)
        const own = root.current
        // Unmounting a root while the page's root commits is refused; the box leaves the page anyway.
        if (own) setTimeout(() => own.unmount(), 0)
      }
    }, [id, first, firstBridge])

    // Once hydrated, the island follows the page's renders (new props, another panel open).
    useEffect(() => {
      const own = root.current
      if (done && own) startTransition(() => own.render(latest.current.element(props)))
    })

    return <div data-island={id} {...{ [ISLAND_PENDING_ATTRIBUTE]: '' }} ref={box} dangerouslySetInnerHTML={{ __html: html }} />
  }

  return function Island(props: P) {
    const id = useId()
    // Read once, when the island mounts: on the page the server sent, its box of the same id holds the HTML.
    const [html] = useState(() => document.querySelector(`[data-island="${id}"][${ISLAND_PENDING_ATTRIBUTE}]`)?.innerHTML)
    if (html === undefined) return <Rendered id={id} props={props} />
    return <Deferred id={id} html={html} props={props} />
  }
}
