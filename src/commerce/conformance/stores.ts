/**
 * The contract of the adapter's `stores` and `geo` methods, checked only
 * through the interface, beside the main contract (contract.ts). An
 * implementation runs it from a test of its own folder with a small catalog.
 */
import type { CommerceAdapter } from '../adapter'
import { CommerceError } from '../errors'
import type { GeoPoint } from '../../domain/store'
import type { RequestContext } from '../../domain/types'

export interface StoresContractSetup {
  adapter: CommerceAdapter
  /** Request contexts of two different logged-in customers. */
  shoppers: [RequestContext, RequestContext]
  fixtures: {
    /** A point with at least two stores within 100 km. */
    point: GeoPoint
    /** An in-stock sku of the catalog. */
    sku: string
    /** An Italian postal code and the town it belongs to. */
    postalCode: string
    town: string
  }
  close?: () => Promise<void>
}

const GUEST: RequestContext = {}

async function rejects(promise: Promise<unknown>, status: number): Promise<void> {
  const error = await promise.then(
    () => new Error('expected a CommerceError, the call succeeded'),
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(CommerceError)
  expect((error as CommerceError).status).toBe(status)
}

export function storesContract(name: string, setup: () => Promise<StoresContractSetup>): void {
  describe(`stores contract: ${name}`, () => {
    let s: StoresContractSetup

    beforeAll(async () => {
      s = await setup()
    }, 120_000)
    afterAll(() => s?.close?.())

    it('near: stores within the radius, nearest first, each with a distance within it', async () => {
      const stores = await s.adapter.stores.near(s.fixtures.point, 100_000, [])
      expect(stores.length).toBeGreaterThanOrEqual(2)
      const distances = stores.map((store) => store.distance ?? Infinity)
      expect([...distances].sort((a, b) => a - b)).toEqual(distances)
      expect(Math.max(...distances)).toBeLessThanOrEqual(100_000)
      expect(stores.every((store) => store.inStock)).toBe(true)
      expect(await s.adapter.stores.near(s.fixtures.point, 100_000, [], 1)).toHaveLength(1)
    })

    it('near: says no store stocks an impossible quantity, and rejects an unknown sku with 404', async () => {
      const stores = await s.adapter.stores.near(s.fixtures.point, 100_000, [{ sku: s.fixtures.sku, quantity: 10_000 }])
      expect(stores.length).toBeGreaterThan(0)
      expect(stores.some((store) => store.inStock)).toBe(false)
      await rejects(s.adapter.stores.near(s.fixtures.point, 100_000, [{ sku: 'no-such-sku-anywhere', quantity: 1 }]), 404)
    })

    it('byId and bySeller read the same store; unknown ones are 404', async () => {
      const [first] = await s.adapter.stores.near(s.fixtures.point, 100_000, [])
      const byId = await s.adapter.stores.byId(first!.id)
      expect(byId).toMatchObject({ id: first!.id, sellerId: first!.sellerId, distance: null })
      expect((await s.adapter.stores.bySeller(first!.sellerId)).id).toBe(first!.id)
      await rejects(s.adapter.stores.byId('no-such-store'), 404)
      await rejects(s.adapter.stores.bySeller('no-such-seller'), 404)
    })

    it('favourite: 401 for a guest; each shopper keeps their own', async () => {
      const [a, b] = await s.adapter.stores.near(s.fixtures.point, 100_000, [])
      await rejects(s.adapter.stores.favourite(GUEST), 401)
      await rejects(s.adapter.stores.saveFavourite(a!.id, GUEST), 401)
      const [mine, theirs] = s.shoppers
      expect((await s.adapter.stores.saveFavourite(a!.id, mine)).id).toBe(a!.id)
      expect((await s.adapter.stores.saveFavourite(b!.id, theirs)).id).toBe(b!.id)
      expect((await s.adapter.stores.favourite(mine))?.id).toBe(a!.id)
      expect((await s.adapter.stores.favourite(theirs))?.id).toBe(b!.id)
      await rejects(s.adapter.stores.saveFavourite('no-such-store', mine), 404)
      expect((await s.adapter.stores.favourite(mine))?.id).toBe(a!.id)
    })

    it('pickup point: set on an order form, read back, returned to delivery; 404 keeps it, 404 for another browser’s guest cart, 403 for another shopper’s cart', async () => {
      const [store] = await s.adapter.stores.near(s.fixtures.point, 100_000, [])
      const cart = await s.adapter.cart.create(GUEST)
      expect(await s.adapter.stores.pickupPoint(cart.id, GUEST)).toBeNull()
      expect((await s.adapter.stores.setPickupPoint(cart.id, store!.id, GUEST))?.id).toBe(store!.id)
      await rejects(s.adapter.stores.setPickupPoint(cart.id, 'no-such-store', GUEST), 404)
      expect((await s.adapter.stores.pickupPoint(cart.id, GUEST))?.id).toBe(store!.id)
      expect(await s.adapter.stores.setPickupPoint(cart.id, null, GUEST)).toBeNull()
      expect(await s.adapter.stores.pickupPoint(cart.id, GUEST)).toBeNull()
      // Another browser knows the id but not the cart's key: the cart does not exist for it.
      await rejects(s.adapter.stores.pickupPoint(cart.id, {}), 404)
      await rejects(s.adapter.stores.setPickupPoint(cart.id, store!.id, {}), 404)
      expect(await s.adapter.stores.pickupPoint(cart.id, GUEST)).toBeNull()

      const owned = await s.adapter.cart.create(s.shoppers[0])
      await rejects(s.adapter.stores.setPickupPoint(owned.id, store!.id, s.shoppers[1]), 403)
    })

    it('geo: a postal code or town to its place, an unknown one 404, a point to a postal code', async () => {
      const byCode = await s.adapter.geo.lookup(s.fixtures.postalCode)
      expect(byCode).toMatchObject({ postalCode: s.fixtures.postalCode, town: s.fixtures.town })
      expect((await s.adapter.geo.lookup(s.fixtures.town.toUpperCase())).town).toBe(s.fixtures.town)
      await rejects(s.adapter.geo.lookup('00000'), 404)
      expect((await s.adapter.geo.reverse(s.fixtures.point)).postalCode).toMatch(/^\d{5}$/)
    })
  })
}
