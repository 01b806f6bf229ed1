/**
 * One level of the category drawer, headless: following a link reports
 * `menu_categorie` with the path to it and closes the drawer; an item with
 * children opens the next level on a click (and, on desktop, on hover);
 * hovering a plain link on desktop hides the levels beyond; the alphabetical
 * brand level keeps its first-letters filter. Returns the props each control
 * spreads.
 */
import { useState, type ChangeEvent, type Dispatch } from 'react'
import type { MenuItem, MenuLink } from '../../../cms/schema/menu'
import { track } from '../analytics/dataLayer'
import { brandGroups, type DrawerAction, type DrawerLevel } from './drawer'

interface Options {
  level: DrawerLevel
  /** Titles of the selected items above this level. */
  path: string[]
  selected: number | undefined
  desktop: boolean
  dispatch: Dispatch<DrawerAction>
  onNavigate: () => void
}

export function useDrawerLevel({ level, path, selected, desktop, dispatch, onNavigate }: Options) {
  const follow = (title: string, url: string) => {
    track('menu_categorie', { menu_type: 'drawer', menu_level: level, menu_path: [...path, title].join(' > '), link_url: url })
    onNavigate()
  }
  return {
    follow,
    backProps: { type: 'button' as const, onClick: () => dispatch({ type: 'BACK' }) },
    closeProps: { type: 'button' as const, onClick: onNavigate },
    /** An item with children: opens the level below it. */
    parentProps: (index: number) => ({
      type: 'button' as const,
      'aria-expanded': selected === index,
      onMouseEnter: desktop ? () => dispatch({ type: 'SELECT', level, index }) : undefined,
      onClick: () => dispatch({ type: 'SELECT', level, index }),
    }),
    /** A plain link: follows it. */
    linkProps: (item: MenuLink) => ({
      onMouseEnter: desktop ? () => dispatch({ type: 'TRIM', level }) : undefined,
      onClick: () => follow(item.title, item.titleURL),
    }),
  }
}

/** The brand level's filter: the typed first letters and the brand groups they leave. */
export function useBrandFilter(items: MenuItem[]) {
  const [filter, setFilter] = useState('')
  return {
    groups: brandGroups(items, filter),
    inputProps: { value: filter, onChange: (event: ChangeEvent<HTMLInputElement>) => setFilter(event.target.value) },
  }
}
