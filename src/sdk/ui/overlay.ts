/**
 * Behaviour shared by the frame's panels (drawer, account dropdown):
 * dismissal on an outside click or touch and on Escape, a focus trap, and
 * the navigation breakpoint as React state.
 */
import { useEffect, useState, type RefObject } from 'react'
import { breakpoints } from '../../config/breakpoints'

/** Calls `close` on a mouse or touch press outside every given element, and on Escape. */
export function useDismiss(refs: RefObject<HTMLElement | null>[], open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return
    const onPress = (event: Event) => {
      const target = event.target as Node | null
      if (target && refs.some((ref) => ref.current?.contains(target))) return
      close()
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close()
    }
    document.addEventListener('mousedown', onPress)
    document.addEventListener('touchstart', onPress, { passive: true })
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onPress)
      document.removeEventListener('touchstart', onPress)
      document.removeEventListener('keydown', onKey)
    }
    // refs are stable objects; the listeners only need renewing when open or close change
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, close])
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

/**
 * While active, Tab and Shift+Tab cycle inside the container; focus moves in
 * when it activates and returns to where it was when it deactivates.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
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

/** True from the navigation breakpoint (1024 px) up; false during the server render. */
export function useDesktopNavigation(): boolean {
  const [desktop, setDesktop] = useState(false)
  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${breakpoints.md}px)`)
    const update = () => setDesktop(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return desktop
}
