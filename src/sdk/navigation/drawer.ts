/**
 * The category drawer's state (req DRAWER-03, DRAWER-04, DRAWER-05). Invariant: `selected` holds one
 * index per level above the deepest visible one, so `selected.length === level - 1`;
 * choosing an item at a level drops every selection below it, going back drops
 * the last one. The drawer's state lives as long as the open drawer
 * (CategoryDrawerDialog mounts on opening and unmounts on closing), so every
 * opening starts at `mainLevel`. Indexes refer to the items visible on the
 * current device (see `visibleItems`).
 */
import type { MenuBranch, MenuItem, MenuLink } from '../../../cms/schema/menu'
import { errorsTexts } from '../../config/texts/errors'

export type DrawerLevel = 1 | 2 | 3 | 4
export const MAX_LEVEL = 4

export interface DrawerState {
  level: DrawerLevel
  selected: number[]
}

export type DrawerAction =
  | { type: 'SELECT'; level: DrawerLevel; index: number }
  | { type: 'BACK' }
  /** Shows `level` as the deepest level (desktop: hovering a plain link there hides the panels beyond it). */
  | { type: 'TRIM'; level: DrawerLevel }

/** Where every opening starts: the main level, nothing selected. */
export const mainLevel: DrawerState = { level: 1, selected: [] }

export function drawerReducer(state: DrawerState, action: DrawerAction): DrawerState {
  switch (action.type) {
    case 'SELECT': {
      if (action.level >= MAX_LEVEL || action.level > state.level) return state
      const selected = [...state.selected.slice(0, action.level - 1), action.index]
      if (state.level === action.level + 1 && state.selected[action.level - 1] === action.index) return state
      return { ...state, level: (action.level + 1) as DrawerLevel, selected }
    }
    case 'BACK':
      if (state.level === 1) return state
      return { ...state, level: (state.level - 1) as DrawerLevel, selected: state.selected.slice(0, -1) }
    case 'TRIM':
      if (action.level >= state.level) return state
      return { ...state, level: action.level, selected: state.selected.slice(0, action.level - 1) }
    default:
      throw new Error(errorsTexts.unknownUiState)
  }
}

export type Device = 'desktop' | 'mobile'

export function visibleItems(items: readonly MenuItem[] | undefined, device: Device): MenuItem[] {
  return (items ?? []).filter((item) => (device === 'desktop' ? item.isDesktop : item.isMobile))
}

/**
 * The panels the state shows: the main level, then the children of each
 * selected item. The item each panel belongs to is given as `parent`.
 */
export function drawerPanels(items: readonly MenuItem[], state: DrawerState, device: Device): { parent: MenuItem | null; items: MenuItem[] }[] {
  const panels: { parent: MenuItem | null; items: MenuItem[] }[] = [{ parent: null, items: visibleItems(items, device) }]
  for (const index of state.selected) {
    const parent = panels[panels.length - 1]!.items[index]
    if (!parent?.nextLevel?.length) break
    panels.push({ parent, items: visibleItems(parent.nextLevel, device) })
  }
  return panels
}

export const hasChildren = (item: MenuItem): item is MenuBranch => Boolean(item.nextLevel?.length)

/** A branch's own link is optional (a link's never is): true when the item has one. */
export const hasLink = (item: MenuItem): item is MenuItem & { titleURL: string } => Boolean(item.titleURL)

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('it')

/**
 * An alphabetical brand level: items whose title starts with the letters
 * typed (accents and case ignored), sorted and grouped by initial; titles not
 * starting with a letter go under "#".
 */
export function brandGroups(items: readonly MenuItem[], filter: string): { initial: string; items: MenuLink[] }[] {
  const typed = fold(filter.trim())
  const groups = new Map<string, MenuLink[]>()
  const sorted = items
    .filter((item): item is MenuLink => !hasChildren(item) && fold(item.title).startsWith(typed))
    .sort((a, b) => a.title.localeCompare(b.title, 'it', { sensitivity: 'base' }))
  for (const item of sorted) {
    const first = fold(item.title).charAt(0)
    const initial = /[a-z]/.test(first) ? first.toUpperCase() : '#'
    groups.set(initial, [...(groups.get(initial) ?? []), item])
  }
  return [...groups].map(([initial, group]) => ({ initial, items: group }))
}
