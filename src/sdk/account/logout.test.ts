import { createBaseStore } from '@faststore/sdk'
import { BKID_CACHE_KEY, SHARED_CART_CHECK_KEY, WISHLIST_CACHE_KEY } from '../../config/constants'
import { defaultSession, type Session } from '../../config/session'
import type { Cart } from '../../domain/types'
import { cartItem } from '../../testing/fixtures'
import { IS_VET_KEY } from '../session/isVet'
import { clearShopperState } from './logout'

function memoryStorage(keys: string[]) {
  const data = new Map(keys.map((k) => [k, '"x"']))
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k), data }
}

describe('clearShopperState (the store\'s /logout)', () => {
  it('forgets the person and every cache, and leaves an empty guest cart', () => {
    const person = { id: 'u1', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }
    const session = createBaseStore<Session>({ ...defaultSession, person, postalCode: '16121' })
    const cart = createBaseStore<Cart>({ id: 'of-mario', items: [cartItem({ sku: 'a' })], messages: [], shouldSplitItem: false })
    const local = memoryStorage([BKID_CACHE_KEY, WISHLIST_CACHE_KEY, 'main::store::cart::synced', 'unrelated'])
    const tab = memoryStorage([SHARED_CART_CHECK_KEY, IS_VET_KEY, WISHLIST_CACHE_KEY, 'main::store::searchHistory'])
    clearShopperState({ session, cart, local, sessionStorage: tab })
    expect(session.read()).toEqual({ ...defaultSession, person: null, postalCode: null })
    expect(cart.read()).toEqual({ id: '', items: [], messages: [], shouldSplitItem: false })
    expect([...local.data.keys()]).toEqual(['unrelated'])
    expect([...tab.data.keys()]).toEqual(['main::store::searchHistory'])
  })
})
