import { act, renderHook } from '@testing-library/react'
import type { MenuLink } from '../../../cms/schema/menu'
import { useBrandFilter, useDrawerLevel } from './useDrawerLevel'

const item = (title: string, titleURL = `/${title.toLowerCase()}`) => ({ title, titleURL }) as MenuLink

beforeEach(() => {
  window.dataLayer = []
})

describe('useDrawerLevel', () => {
  it('reports the followed link with its path and closes the drawer', () => {
    const onNavigate = jest.fn()
    const { result } = renderHook(() => useDrawerLevel({ level: 2, path: ['Cane'], selected: undefined, desktop: false, dispatch: jest.fn(), onNavigate }))
    act(() => result.current.linkProps(item('Cibo secco', '/cane/cibo-secco')).onClick())
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event: 'menu_categorie', menu_type: 'drawer', menu_level: 2, menu_path: 'Cane > Cibo secco', link_url: '/cane/cibo-secco' }),
    )
    expect(onNavigate).toHaveBeenCalledTimes(1)
  })

  it('opens the level below an item on a click, and on hover only on desktop; back and close', () => {
    const dispatch = jest.fn()
    const onNavigate = jest.fn()
    const mobile = renderHook(() => useDrawerLevel({ level: 1, path: [], selected: 0, desktop: false, dispatch, onNavigate })).result
    expect(mobile.current.parentProps(0)['aria-expanded']).toBe(true)
    expect(mobile.current.parentProps(1)['aria-expanded']).toBe(false)
    expect(mobile.current.parentProps(1).onMouseEnter).toBeUndefined()
    expect(mobile.current.linkProps(item('X')).onMouseEnter).toBeUndefined()
    mobile.current.parentProps(1).onClick()
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'SELECT', level: 1, index: 1 })
    mobile.current.backProps.onClick()
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'BACK' })
    mobile.current.closeProps.onClick()
    expect(onNavigate).toHaveBeenCalled()
    const desktop = renderHook(() => useDrawerLevel({ level: 2, path: ['Cane'], selected: undefined, desktop: true, dispatch, onNavigate })).result
    desktop.current.parentProps(3).onMouseEnter!()
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'SELECT', level: 2, index: 3 })
    desktop.current.linkProps(item('X')).onMouseEnter!()
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'TRIM', level: 2 })
  })
})

describe('useBrandFilter', () => {
  it('narrows the brand groups to the typed first letters', () => {
    const { result } = renderHook(() => useBrandFilter([item('Monge'), item('Almo Nature'), item('Morando')]))
    expect(result.current.groups.map((g) => g.initial)).toEqual(['A', 'M'])
    act(() => result.current.inputProps.onChange({ target: { value: 'mo' } } as never))
    expect(result.current.inputProps.value).toBe('mo')
    expect(result.current.groups.flatMap((g) => g.items.map((i) => i.title))).toEqual(['Monge', 'Morando'])
  })
})
