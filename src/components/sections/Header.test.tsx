import { screen } from '@testing-library/react'
import { readCms } from '../../../cms/load'
import { renderWithProviders } from '../../testing/render'
import { rulesOf } from '../../testing/styles'
import { setViewport } from '../../testing/viewport'
import { Header } from './Header'

const content = readCms()

jest.mock('gatsby', () => ({
  ...jest.requireActual('gatsby'),
  useStaticQuery: () => ({ topHeader: { data: content.topHeader }, menu: { data: content.menu }, accountMenu: { data: content.accountMenu } }),
}))

beforeAll(() => setViewport(false))

const css = () => Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '').join('').replace(/\s/g, '')
const belowNav = (element: Element, declarations: string) =>
  Array.from(element.classList).some((name) => new RegExp(`@media\\(max-width:1023px\\)\\{\\.${name}\\{[^}]*${declarations}`).test(css()))

describe('Header', () => {
  it('holds the categories button, the logo home, the search box, the account menu and the cart button', () => {
    renderWithProviders(<Header />)
    expect(screen.getByTestId('drawer-button')).toBeTruthy()
    expect(screen.getByTestId('logo').getAttribute('href')).toBe('/')
    expect(screen.getByRole('search')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Accedi o registrati' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Il tuo carrello' })).toBeTruthy()
  })

  it('keeps the search box at most 780 px wide, and below 1024 px in a row of its own that stays on screen', () => {
    renderWithProviders(<Header />)
    const island = screen.getByRole('search').parentElement!
    expect(island.hasAttribute('data-island')).toBe(true)
    expect(rulesOf(island.parentElement!).replace(/\s/g, '')).toContain('>[data-island]>*{max-width:780px;}')
    const bar = screen.getByTestId('header')
    expect(rulesOf(bar).replace(/\s/g, '')).toContain('position:sticky;top:0;')
    // The sticky bar hides the first row (logo, account, cart) and keeps the search row on screen.
    expect(belowNav(bar, 'top:-56px;')).toBe(true)
    expect(belowNav(bar.firstElementChild!, "grid-template-areas:'drawerlogo.actions''searchsearchsearchsearch'")).toBe(true)
  })
})
