/**
 * One panel system for every overlay (design: "one open panel at a time"):
 * the page has a single UI state naming the open panel, or 'closed'. Opening
 * one panel closes whichever was open; closing a panel that is no longer the
 * open one changes nothing, so a late close never shuts its successor.
 * The UI state's contract stays (req UI-01): OPEN_MINICART and CLOSE_MINICART, and any
 * other action raises 'Unknown UI state'.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactElement, type ReactNode } from 'react'

export const PANELS = ['minicart', 'drawer', 'account', 'filters', 'storePicker', 'storeInfo', 'addedToCart', 'tierInfo', 'sessionExpired'] as const
export type PanelName = (typeof PANELS)[number]
export type PanelState = 'closed' | PanelName

export type UIAction =
  | { type: 'OPEN_MINICART' }
  | { type: 'CLOSE_MINICART' }
  | { type: 'OPEN_PANEL'; panel: PanelName }
  | { type: 'CLOSE_PANEL'; panel: PanelName }

const isPanel = (value: unknown): value is PanelName => (PANELS as readonly unknown[]).includes(value)

export function uiReducer(state: PanelState, action: UIAction): PanelState {
  switch (action.type) {
    case 'OPEN_MINICART':
      return 'minicart'
    case 'CLOSE_MINICART':
      return state === 'minicart' ? 'closed' : state
    case 'OPEN_PANEL':
      if (isPanel(action.panel)) return action.panel
      break
    case 'CLOSE_PANEL':
      if (isPanel(action.panel)) return state === action.panel ? 'closed' : state
      break
  }
  throw new Error('Unknown UI state')
}

interface UIContextValue {
  panel: PanelState
  dispatch: (action: UIAction) => void
}

const UIContext = createContext<UIContextValue | null>(null)
UIContext.displayName = 'UIContext'

export function UIProvider({ children, initial = 'closed' }: { children: ReactNode; initial?: PanelState }) {
  const [panel, dispatch] = useReducer(uiReducer, initial)
  const value = useMemo(() => ({ panel, dispatch }), [panel])
  return <UIContext.Provider value={value}>{children}</UIContext.Provider>
}

/**
 * The UI state handed to a React root of its own (a deferred island, src/components/shell/island.tsx),
 * which sees no context of the page's root: it wraps what that root renders.
 */
export function useUIBridge(): (node: ReactNode) => ReactElement {
  const value = useContext(UIContext)
  return function bridged(node) {
    return <UIContext.Provider value={value}>{node}</UIContext.Provider>
  }
}

/** The UI state and its dispatch; throws outside UIProvider, where no panel could ever open. */
export function useUI(): UIContextValue {
  const value = useContext(UIContext)
  if (!value) throw new Error('useUI must be used inside <UIProvider>')
  return value
}

/**
 * One panel's view of the state: whether it is the open one, and how to open,
 * close or toggle it. A panel that belongs to one page (drawer, account
 * dropdown, filter modal) passes `closeOnUnmount`: leaving the page closes it.
 * The minicart does not: it stays open across a navigation.
 */
export function usePanel(name: PanelName, { closeOnUnmount = false } = {}) {
  const { panel, dispatch } = useUI()
  const isOpen = panel === name
  const open = useCallback(() => dispatch({ type: 'OPEN_PANEL', panel: name }), [dispatch, name])
  const close = useCallback(() => dispatch({ type: 'CLOSE_PANEL', panel: name }), [dispatch, name])
  useEffect(() => (closeOnUnmount ? close : undefined), [closeOnUnmount, close])
  const toggle = isOpen ? close : open
  return { isOpen, open, close, toggle }
}

/** The minicart in the words of req UI-01: displayMinicart, OPEN_MINICART, CLOSE_MINICART. */
export function useMinicart() {
  const { panel, dispatch } = useUI()
  const openMinicart = useCallback(() => dispatch({ type: 'OPEN_MINICART' }), [dispatch])
  const closeMinicart = useCallback(() => dispatch({ type: 'CLOSE_MINICART' }), [dispatch])
  return { displayMinicart: panel === 'minicart', openMinicart, closeMinicart }
}
