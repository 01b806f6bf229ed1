/**
 * Behaviour shared by every panel (minicart, drawer, account dropdown,
 * filter modal, search dropdown): dismissal on an outside press and on
 * Escape, a focus trap with focus returned to the opener, the shared scroll
 * lock, and the navigation breakpoint as React state.
 */
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { breakpoints } from '../../config/breakpoints'
import { usePanel, type PanelName } from './panels'
import { useScrollLock } from './scrollLock'

/**
 * Listeners that must hold from the moment a panel is on screen. A panel
 * whose code arrives later (the drawer) mounts in an ordinary render, whose
 * effects run only after the browser has painted it: a press or a key in
 * that gap would find no listener. Layout effects run in the commit itself.
 * The server runs neither, so it gets the plain effect and no warning.
 */
const useCommitEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/** Calls `close` on a mouse or touch press outside every given element. */
export function useOutsidePress(refs: RefObject<HTMLElement | null>[], open: boolean, close: () => void): void {
  useCommitEffect(() => {
    if (!open) return
    const onPress = (event: Event) => {
      const target = event.target as Node | null
      if (target && refs.some((ref) => ref.current?.contains(target))) return
      close()
    }
    document.addEventListener('mousedown', onPress)
    document.addEventListener('touchstart', onPress, { passive: true })
    return () => {
      document.removeEventListener('mousedown', onPress)
      document.removeEventListener('touchstart', onPress)
    }
    // refs are stable objects; the listeners only need renewing when open or close change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, close])
}

/** Calls `onEscape` when Escape is pressed anywhere while `open`. */
export function useEscape(open: boolean, onEscape: () => void): void {
  useCommitEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open, onEscape])
}

/**
 * A modal panel: while open, focus moves in and Tab stays inside, Escape
 * closes it and the page's scroll is locked; when it closes, focus goes back
 * to the control that opened it.
 */
export function useModal(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useFocusTrap(ref, open)
  useEscape(open, close)
  useScrollLock(open)
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * While active, Tab and Shift+Tab cycle inside the container; focus moves in
 * when it activates and returns to where it was when it deactivates.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useCommitEffect(() => {
    const container = ref.current
    if (!active || !container) return
    const previous = document.activeElement as HTMLElement | null
    const focusables = () => [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement)
    if (!container.contains(document.activeElement)) (focusables()[0] ?? container).focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const list = focusables()
      if (list.length === 0) return event.preventDefault()
      const first = list[0]!
      const last = list[list.length - 1]!
      const current = document.activeElement as HTMLElement | null
      if (event.shiftKey && (current === first || !container.contains(current))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (current === last || !container.contains(current))) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      if (previous && document.contains(previous)) previous.focus()
    }
  }, [ref, active])
}

/**
 * A page's own modal panel (the filter modal): its state in the panel system,
 * closed when the page goes, and the modal behaviour on the element `ref`
 * is given to.
 */
export function useModalPanel<T extends HTMLElement>(name: PanelName) {
  const panel = usePanel(name, { closeOnUnmount: true })
  const ref = useRef<T>(null)
  useModal(ref, panel.isOpen, panel.close)
  return { ...panel, ref }
}

/** True from the navigation breakpoint (1024 px) up; false during the server render. */
export function useDesktopNavigation(): boolean {
  const [desktop, setDesktop] = useState(false)
  useEffect(() => {
    const query = window.matchMedia?.(`(min-width: ${breakpoints.md}px)`)
    if (!query) return
    const update = () => setDesktop(query.matches)
    update()
    query.addEventListener?.('change', update)
    return () => query.removeEventListener?.('change', update)
  }, [])
  return desktop
}
