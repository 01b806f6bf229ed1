import type { MenuBranch, MenuItem } from '../../../cms/schema/menu'
import { brandGroups, drawerPanels, drawerReducer, mainLevel, type DrawerAction, type DrawerState } from './drawer'

const flags = { separator: false, openInNewTab: false, isDesktop: true, isMobile: true, showAll: false, alphabeticalMenu: false }

/** A branch when it has a next level, a link to /{title} otherwise. */
const item = (title: string, nextLevel?: MenuItem[], extra: Partial<Omit<MenuBranch, 'nextLevel'>> = {}): MenuItem =>
  nextLevel ? { title, ...flags, nextLevel, ...extra } : { title, titleURL: `/${title.toLowerCase()}`, ...flags, ...extra }

const menu = [
  item('Cane', [item('Cibo secco', [item('Adult', [item('Taglia piccola'), item('Taglia media')]), item('Puppy')]), item('Giochi')]),
  item('Gatto', [item('Lettiere')]),
  item('Solo app', [item('X')], { isDesktop: false }),
  item('Marche', [item('Ronron'), item('Alpenhund')], { alphabeticalMenu: true }),
]

const run = (...actions: DrawerAction[]) => actions.reduce(drawerReducer, mainLevel)
const select = (level: 1 | 2 | 3 | 4, index: number) => ({ type: 'SELECT', level, index }) as const

describe('drawerReducer', () => {
  it('starts on the main level', () => {
    expect(run()).toEqual({ level: 1, selected: [] })
  })

  it('goes down to the fourth level, one selection per level', () => {
    expect(run(select(1, 0), select(2, 0), select(3, 0))).toEqual({ level: 4, selected: [0, 0, 0] })
  })

  it('choosing an item at a higher level clears the deeper selections', () => {
    expect(run(select(1, 0), select(2, 0), select(3, 1), select(1, 1))).toEqual({ level: 2, selected: [1] })
    expect(run(select(1, 0), select(2, 0), select(3, 1), select(2, 1))).toEqual({ level: 3, selected: [0, 1] })
  })

  it('go-back reduces the level by one and forgets that selection, never below the main level', () => {
    const deep = run(select(1, 0), select(2, 0), select(3, 0))
    expect(drawerReducer(deep, { type: 'BACK' })).toEqual({ level: 3, selected: [0, 0] })
    expect(run(select(1, 0), { type: 'BACK' }, { type: 'BACK' })).toEqual({ level: 1, selected: [] })
  })

  it('trimming shows a level as the deepest one and keeps the state when already there', () => {
    expect(run(select(1, 0), select(2, 0), select(3, 0), { type: 'TRIM', level: 2 })).toEqual({ level: 2, selected: [0] })
    const state = run(select(1, 0))
    expect(drawerReducer(state, { type: 'TRIM', level: 2 })).toBe(state)
  })

  it('ignores a selection on the fourth level or below the deepest visible one', () => {
    const deep = run(select(1, 0), select(2, 0), select(3, 0))
    expect(drawerReducer(deep, select(4, 0))).toBe(deep)
    const top = run()
    expect(drawerReducer(top, select(2, 0))).toBe(top)
  })

  it('hovering the same item again keeps the state object', () => {
    const state = run(select(1, 0))
    expect(drawerReducer(state, select(1, 0))).toBe(state)
  })

  it('throws "Unknown UI state" on an unknown action', () => {
    expect(() => drawerReducer(mainLevel, { type: 'TOGGLE' } as unknown as DrawerAction)).toThrow('Unknown UI state')
  })
})

describe('drawerPanels', () => {
  it('shows the main level and the children of each selection', () => {
    const state: DrawerState = run(select(1, 0), select(2, 0), select(3, 0))
    const panels = drawerPanels(menu, state, 'desktop')
    expect(panels.map((p) => p.parent?.title ?? null)).toEqual([null, 'Cane', 'Cibo secco', 'Adult'])
    expect(panels[3]!.items.map((i) => i.title)).toEqual(['Taglia piccola', 'Taglia media'])
  })

  it('hides items not meant for the device, and indexes count only visible ones', () => {
    expect(drawerPanels(menu, run(), 'desktop')[0]!.items.map((i) => i.title)).toEqual(['Cane', 'Gatto', 'Marche'])
    expect(drawerPanels(menu, run(), 'mobile')[0]!.items.map((i) => i.title)).toEqual(['Cane', 'Gatto', 'Solo app', 'Marche'])
    expect(drawerPanels(menu, run(select(1, 2)), 'desktop')[1]!.parent!.title).toBe('Marche')
  })
})

describe('brandGroups', () => {
  const brands = ['Zampa Amica', 'Ronron', 'Alpenhund', 'Antipulce Plus', 'Croccà', 'Ciotola d’Argento', 'AquaViva', '4Zampe'].map((t) => item(t))

  it('sorts the brands and groups them by initial', () => {
    expect(brandGroups(brands, '').map((g) => [g.initial, g.items.map((i) => i.title)])).toEqual([
      ['#', ['4Zampe']],
      ['A', ['Alpenhund', 'Antipulce Plus', 'AquaViva']],
      ['C', ['Ciotola d’Argento', 'Croccà']],
      ['R', ['Ronron']],
      ['Z', ['Zampa Amica']],
    ])
  })

  it('filters by the first letters typed, ignoring case, accents and spaces around', () => {
    expect(brandGroups(brands, 'an').flatMap((g) => g.items.map((i) => i.title))).toEqual(['Antipulce Plus'])
    expect(brandGroups(brands, ' CROCCA ').flatMap((g) => g.items.map((i) => i.title))).toEqual(['Croccà'])
    expect(brandGroups(brands, 'plus')).toEqual([])
  })
})
