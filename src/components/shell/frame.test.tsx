import { act, fireEvent, screen, within } from '@testing-library/react'
import { readCms } from '../../../cms/load'
import { sessionState } from '../../sdk/session/state'
import { defaultSession } from '../../config/session'
import { renderWithProviders } from '../../testing/render'
import { rulesOf } from '../../testing/styles'
import { setViewport } from '../../testing/viewport'
import { Layout } from '../sections/Layout'
import { AccountMenu } from '../islands/account/AccountMenu'
import { CategoryDrawer } from '../islands/navigation/CategoryDrawer'
import { ErrorBoundary } from './ErrorBoundary'
import { SmartBanners } from '../islands/banners/SmartBanners'

const content = readCms()

beforeEach(() => {
  setViewport(false)
  sessionStorage.clear()
})

describe('CategoryDrawer', () => {
  it('opens on the button, walks down on click and back with "Torna indietro" on a phone', async () => {
    renderWithProviders(<CategoryDrawer menu={content.menu} />)
    fireEvent.click(screen.getByTestId('drawer-button'))
    // The drawer's code is fetched on the first opening.
    const dialog = await screen.findByRole('dialog', { name: 'Tutte le categorie' })
    expect(document.body).toHaveProperty('className', 'no-scroll')
    fireEvent.click(within(dialog).getByRole('button', { name: /^Cane/ }))
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Cane')
    expect(within(dialog).getByRole('link', { name: 'Vedi tutti' }).getAttribute('href')).toBe('/cane')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Torna indietro' }))
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Tutte le categorie')
  })

  it('closes on Escape and on a press outside, and opens again on the main level', async () => {
    renderWithProviders(<CategoryDrawer menu={content.menu} />)
    const button = screen.getByTestId('drawer-button')
    fireEvent.click(button)
    fireEvent.click(await screen.findByRole('button', { name: /^Gatto/ }))
    expect(screen.getByRole('dialog').getAttribute('data-level')).toBe('2')
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(button.getAttribute('aria-expanded')).toBe('false')

    fireEvent.click(button)
    expect(screen.getByRole('dialog').getAttribute('data-level')).toBe('1')
    fireEvent.mouseDown(document.body)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.body.className).toBe('')
  })

  it('moves the focus into the drawer and gives it back to the button on close', async () => {
    renderWithProviders(<CategoryDrawer menu={content.menu} />)
    const button = screen.getByTestId('drawer-button')
    button.focus()
    fireEvent.click(button)
    expect((await screen.findByRole('dialog')).contains(document.activeElement)).toBe(true)
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(document.activeElement).toBe(button)
  })

  it('is at most 320 px wide on a phone and cascades 360 px panels from 1024 px', async () => {
    const phone = renderWithProviders(<CategoryDrawer menu={content.menu} />)
    fireEvent.click(screen.getByTestId('drawer-button'))
    const narrow = await screen.findByRole('dialog', { name: 'Tutte le categorie' })
    const css = Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '').join('').replace(/\s/g, '')
    const belowNav = Array.from(narrow.classList).some((name) => css.includes(`@media(max-width:1023px){.${name}{width:min(320px,100vw-32px);}}`))
    expect(belowNav).toBe(true)
    phone.unmount()

    setViewport(true)
    renderWithProviders(<CategoryDrawer menu={content.menu} />)
    fireEvent.click(screen.getByTestId('drawer-button'))
    const wide = await screen.findByRole('dialog', { name: 'Tutte le categorie' })
    expect(wide.getAttribute('data-device')).toBe('desktop')
    const main = within(wide).getByRole('heading', { level: 2, name: 'Tutte le categorie' }).closest('section')!
    expect(rulesOf(main).replace(/\s/g, '')).toContain('width:360px')
  })
})

describe('AccountMenu', () => {
  const links = content.accountMenu.privateLinks

  afterEach(() => act(() => sessionState.set(defaultSession)))

  it('anonymous: "Accedi o registrati" toggles a dropdown with login and registration, closed by an outside press', async () => {
    renderWithProviders(<AccountMenu links={links} />)
    const toggle = screen.getByRole('button', { name: 'Accedi o registrati' })
    fireEvent.click(toggle)
    // The dropdown's code is a chunk of its own, loaded on the first opening.
    expect((await screen.findByRole('link', { name: 'Accedi' })).getAttribute('href')).toMatch(/\/login\?returnUrl=/)
    expect(screen.getByRole('link', { name: 'Nuovo cliente? Inizia qui' }).getAttribute('href')).toMatch(/\/register\?returnUrl=/)
    fireEvent.mouseDown(document.body)
    expect(screen.queryByTestId('account-dropdown')).toBeNull()
    expect(new URL(screen.getByTestId('account-icon').getAttribute('href')!).searchParams.get('returnUrl')).toBe('/account')
  })

  it('logged in: the greeting, the email, the loyalty card, the private links and the provider logout', async () => {
    localStorage.clear()
    const card = { bkid: 'BK1', arcacard: '2900001000017', profilingConsent: true }
    globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => card })) as unknown as typeof fetch
    act(() => sessionState.set({ ...defaultSession, person: { id: 'u1', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' } }))
    renderWithProviders(<AccountMenu links={links} />)
    expect(globalThis.fetch).not.toHaveBeenCalled()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ciao Mario' })))
    const dropdown = screen.getByTestId('account-dropdown')
    expect((await within(dropdown).findByTestId('account-loyalty-card')).textContent).toBe('Carta Fedeltà n. 2900001000017')
    expect(globalThis.fetch).toHaveBeenCalledWith('/api/userAccount/getBkid', expect.anything())
    expect(within(dropdown).getByText('mario.rossi@example.it')).toBeTruthy()
    expect(within(dropdown).getAllByTestId('account-link')).toHaveLength(links.length)
    const button = within(dropdown).getByRole('button', { name: 'Non sei tu? Esci' })
    const form = button.closest('form')!
    expect(form.getAttribute('method')).toBe('post')
    expect(button.getAttribute('type')).toBe('submit')
    const logout = new URL(form.getAttribute('action')!)
    expect(logout.pathname).toBe('/logout')
    expect(logout.searchParams.get('scope')).toBe('petshop')
    expect(logout.searchParams.get('returnUrl')).toBe(window.location.href)
  })
})

describe('SmartBanners', () => {
  const banners = content.smartBanners.banners

  it('copies the link as an absolute address and shows COPIATO', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    renderWithProviders(<SmartBanners banners={banners} />)
    fireEvent.click(screen.getByRole('button', { name: /^Chiudi/ }))
    await act(async () => fireEvent.click(screen.getByTestId('smart-banner-copy')))
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/fromApp?invito=zampa5`)
    expect(screen.getByTestId('smart-banner-copy').textContent).toBe('COPIATO')
  })

  it('stays silent when the clipboard refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true })
    sessionStorage.setItem('main::smartBanners::closed', JSON.stringify(['app-download']))
    renderWithProviders(<SmartBanners banners={banners} />)
    await act(async () => fireEvent.click(screen.getByTestId('smart-banner-copy')))
    expect(screen.getByTestId('smart-banner-copy').textContent).toBe('Copia il link')
  })

  it('shows only the banners meant for the device, one at a time, and remembers a closed one', () => {
    setViewport(true)
    const { unmount } = renderWithProviders(<SmartBanners banners={banners} />)
    expect(screen.getAllByTestId('smart-banner').map((b) => b.getAttribute('data-type'))).toEqual(['copyLink'])
    fireEvent.click(screen.getByRole('button', { name: /^Chiudi/ }))
    expect(screen.queryByTestId('smart-banner')).toBeNull()
    unmount()
    renderWithProviders(<SmartBanners banners={banners} />)
    expect(screen.queryByTestId('smart-banner')).toBeNull()
  })
})

describe('ErrorBoundary and Layout', () => {
  function Broken(): never {
    throw new Error('boom')
  }

  it('shows the fallback text and hands the error on', () => {
    const onError = jest.fn()
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    renderWithProviders(
      <ErrorBoundary onError={onError}>
        <Broken />
      </ErrorBoundary>,
    )
    expect(screen.getByRole('alert').textContent).toBe('I believe something went wrong')
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }))
  })

  it('a bare page with nothing to show gets the fallback text, and its external scripts load once', () => {
    const scripts = ['https://booking.example.it/widget.js']
    const { rerender } = renderWithProviders(<Layout variant="bare" scripts={scripts} />)
    expect(screen.getByTestId('page-fallback').textContent).toBe('I believe something went wrong')
    rerender(<Layout variant="bare" scripts={scripts}><p>Prenota</p></Layout>)
    expect(document.querySelectorAll('script[src="https://booking.example.it/widget.js"]')).toHaveLength(1)
    expect(screen.queryByTestId('page-fallback')).toBeNull()
  })
})
