import { act, fireEvent, render, screen } from '@testing-library/react'
import { BKID_CACHE_KEY } from '../../../config/constants'
import { defaultSession } from '../../../config/session'
import { markLogoutIntent } from '../../../sdk/account/logoutIntent'
import { sessionState } from '../../../sdk/session/state'
import { LogoutForm } from './LogoutForm'

const person = { id: 'u1', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }

describe('LogoutForm (the store\'s /logout)', () => {
  let submitted: HTMLFormElement[]
  beforeEach(() => {
    submitted = []
    jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this)
    })
    act(() => sessionState.set({ ...defaultSession, person }))
    localStorage.setItem(BKID_CACHE_KEY, '"x"')
  })
  afterEach(() => {
    jest.restoreAllMocks()
    sessionStorage.clear()
  })

  it('opened, logs no one out and forgets nothing: a page of another site may link here', () => {
    render(<LogoutForm />)
    expect(submitted).toEqual([])
    expect(sessionState.read().person).toEqual(person)
    expect(localStorage.getItem(BKID_CACHE_KEY)).toBe('"x"')
    expect(screen.getByRole('button', { name: 'Esci' }).getAttribute('type')).toBe('submit')
  })

  it("the shopper's 'Esci' forgets this browser's shopper state, then posts the provider logout back to the store", () => {
    render(<LogoutForm />)
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Esci' }))
    })
    expect(submitted).toHaveLength(1)
    const form = submitted[0]!
    expect(form.getAttribute('method')).toBe('post')
    const action = new URL(form.getAttribute('action')!)
    expect(action.pathname).toBe('/logout')
    expect(action.searchParams.get('scope')).toBe('petshop')
    expect(sessionState.read().person).toBeNull()
    expect(localStorage.getItem(BKID_CACHE_KEY)).toBeNull()
  })

  it('reached through a link of this site that marked the click, logs out at once, and only that once', () => {
    markLogoutIntent()
    const { unmount } = render(<LogoutForm />)
    expect(submitted).toHaveLength(1)
    expect(sessionState.read().person).toBeNull()
    unmount()
    act(() => sessionState.set({ ...defaultSession, person }))
    render(<LogoutForm />)
    expect(submitted).toHaveLength(1)
    expect(sessionState.read().person).toEqual(person)
  })
})
