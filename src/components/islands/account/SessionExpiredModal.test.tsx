import { act, fireEvent, screen, within } from '@testing-library/react'
import { sharedCartTexts } from '../../../config/texts/sharedCart'
import { LOGOUT_INTENT_KEY, takeLogoutIntent } from '../../../sdk/account/logoutIntent'
import { sessionExpired } from '../../../sdk/account/sessionExpired'
import { renderWithProviders } from '../../../testing/render'
import SessionExpiredModal from './SessionExpiredModal'

describe('SessionExpiredModal', () => {
  beforeEach(() => sessionExpired.set(true))
  afterEach(() => sessionExpired.set(false))

  it('opens as a modal with its texts, and Escape closes it, unlocks the page and ends the expired state', async () => {
    renderWithProviders(<SessionExpiredModal />)
    const dialog = await screen.findByTestId('session-expired-modal')
    expect(dialog.getAttribute('role')).toBe('dialog')
    expect(screen.getByRole('heading', { name: sharedCartTexts.title })).toBeTruthy()
    expect(dialog.textContent).toContain(sharedCartTexts.body)
    expect(document.body.classList.contains('no-scroll')).toBe(true)
    expect(dialog.contains(document.activeElement)).toBe(true)

    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' })
    })
    expect(screen.queryByTestId('session-expired-modal')).toBeNull()
    expect(document.body.classList.contains('no-scroll')).toBe(false)
    expect(sessionExpired.read()).toBe(false)
  })

  it('stays open on keys other than Escape', async () => {
    renderWithProviders(<SessionExpiredModal />)
    await screen.findByTestId('session-expired-modal')
    act(() => {
      fireEvent.keyDown(document, { key: 'Enter' })
    })
    expect(screen.getByTestId('session-expired-modal')).toBeTruthy()
    expect(sessionExpired.read()).toBe(true)
  })

  it("'Continua come ospite' goes to the store's /logout and marks the shopper's click, so /logout logs out at once", async () => {
    sessionStorage.removeItem(LOGOUT_INTENT_KEY)
    renderWithProviders(<SessionExpiredModal />)
    const guest = within(await screen.findByTestId('session-expired-modal')).getByRole('link', { name: sharedCartTexts.guest })
    expect(guest.getAttribute('href')).toBe('/logout')
    // jsdom does not navigate; the click's own handler is what counts here.
    const stay = (event: Event) => event.preventDefault()
    document.addEventListener('click', stay, true)
    act(() => {
      fireEvent.click(guest)
    })
    document.removeEventListener('click', stay, true)
    expect(takeLogoutIntent()).toBe(true)
  })
})
