/**
 * The conformance suite of stores and pickup (capabilities/stores.ts): each
 * method with its answers and its documented failures, checked only through
 * the interface and what the setup provides. The pickup point is an order
 * form's, so the suite makes carts through the cart adapter. A backend
 * serving stores runs it from a test file of its own folder (see ./index.ts):
 *
 *   storesConformance('my backend', async () => ({ commerce: { cart, stores }, login, fixtures, close }))
 *
 * It changes the favourite store of `shopper` and `otherShopper`, and carts it creates.
 */
import type { RequestContext } from '../../domain/types'
import { rejection } from './checks'
import { logInShoppers, prepare, type SuiteSetup } from './setup'

export type StoresSetup = SuiteSetup<'cart' | 'stores', 'sku' | 'point' | 'postalCode' | 'town' | 'customers', 'login'>

export function storesConformance(name: string, setup: () => Promise<StoresSetup>): void {
  const GUEST: RequestContext = {}
  describe(`stores conformance: ${name}`, () => {
    let commerce: StoresSetup['commerce']
    let fixtures: StoresSetup['fixtures']
    let shoppers: [RequestContext, RequestContext]
    prepare(setup, async (made) => {
      ;({ commerce, fixtures } = made)
      shoppers = await logInShoppers(made)
    })

    it('near: stores within the radius, nearest first, each with a distance within it', async () => {
      const stores = await commerce.stores.near(fixtures.point, 100_000, [])
      expect(stores.length).toBeGreaterThanOrEqual(2)
      const distances = stores.map((store) => store.distance ?? Infinity)
      expect([...distances].sort((a, b) => a - b)).toEqual(distances)
      expect(Math.max(...distances)).toBeLessThanOrEqual(100_000)
      expect(stores.every((store) => store.inStock)).toBe(true)
      expect(await commerce.stores.near(fixtures.point, 100_000, [], 1)).toHaveLength(1)
    })

    it('near: says no store stocks an impossible quantity, and rejects an unknown sku with 404', async () => {
      const stores = await commerce.stores.near(fixtures.point, 100_000, [{ sku: fixtures.sku, quantity: 10_000 }])
      expect(stores.length).toBeGreaterThan(0)
      expect(stores.some((store) => store.inStock)).toBe(false)
      await rejection(commerce.stores.near(fixtures.point, 100_000, [{ sku: 'no-such-sku-anywhere', quantity: 1 }]), 404, 'not_found')
    })

    it('byId and bySeller read the same store; unknown ones are 404', async () => {
      const [first] = await commerce.stores.near(fixtures.point, 100_000, [])
      const byId = await commerce.stores.byId(first!.id)
      expect(byId).toMatchObject({ id: first!.id, sellerId: first!.sellerId, distance: null })
      expect((await commerce.stores.bySeller(first!.sellerId)).id).toBe(first!.id)
      await rejection(commerce.stores.byId('no-such-store'), 404, 'not_found')
      await rejection(commerce.stores.bySeller('no-such-seller'), 404, 'not_found')
    })

    it('favourite: 401 for a guest; each shopper keeps their own', async () => {
      const [a, b] = await commerce.stores.near(fixtures.point, 100_000, [])
      await rejection(commerce.stores.favourite(GUEST), 401, 'unauthorized')
      await rejection(commerce.stores.saveFavourite(a!.id, GUEST), 401, 'unauthorized')
      const [mine, theirs] = shoppers
      expect((await commerce.stores.saveFavourite(a!.id, mine)).id).toBe(a!.id)
      expect((await commerce.stores.saveFavourite(b!.id, theirs)).id).toBe(b!.id)
      expect((await commerce.stores.favourite(mine))?.id).toBe(a!.id)
      expect((await commerce.stores.favourite(theirs))?.id).toBe(b!.id)
      await rejection(commerce.stores.saveFavourite('no-such-store', mine), 404, 'not_found')
      expect((await commerce.stores.favourite(mine))?.id).toBe(a!.id)
    })

    it('pickup point: set on an order form, read back, returned to delivery; 404 keeps it, 404 for another browser’s guest cart, 403 for another shopper’s cart', async () => {
      const [store] = await commerce.stores.near(fixtures.point, 100_000, [])
      const cart = await commerce.cart.create(GUEST)
      expect(await commerce.stores.pickupPoint(cart.id, GUEST)).toBeNull()
      expect((await commerce.stores.setPickupPoint(cart.id, store!.id, GUEST))?.id).toBe(store!.id)
      await rejection(commerce.stores.setPickupPoint(cart.id, 'no-such-store', GUEST), 404, 'not_found')
      expect((await commerce.stores.pickupPoint(cart.id, GUEST))?.id).toBe(store!.id)
      expect(await commerce.stores.setPickupPoint(cart.id, null, GUEST)).toBeNull()
      expect(await commerce.stores.pickupPoint(cart.id, GUEST)).toBeNull()
      // Another browser knows the id but not the cart's key: the cart does not exist for it.
      await rejection(commerce.stores.pickupPoint(cart.id, {}), 404, 'not_found')
      await rejection(commerce.stores.setPickupPoint(cart.id, store!.id, {}), 404, 'not_found')
      expect(await commerce.stores.pickupPoint(cart.id, GUEST)).toBeNull()

      const owned = await commerce.cart.create(shoppers[0])
      await rejection(commerce.stores.setPickupPoint(owned.id, store!.id, shoppers[1]), 403, 'forbidden')
    })

    it('geo: a postal code or town to its place, an unknown one 404, a point to a postal code', async () => {
      const byCode = await commerce.stores.geo.lookup(fixtures.postalCode)
      expect(byCode).toMatchObject({ postalCode: fixtures.postalCode, town: fixtures.town })
      expect((await commerce.stores.geo.lookup(fixtures.town.toUpperCase())).town).toBe(fixtures.town)
      await rejection(commerce.stores.geo.lookup('00000'), 404, 'not_found')
      expect((await commerce.stores.geo.reverse(fixtures.point)).postalCode).toMatch(/^\d{5}$/)
    })
  })
}
