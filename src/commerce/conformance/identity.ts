/**
 * The conformance suite of identity (capabilities/identity.ts): the session,
 * the cart saved for every device and the wishlist, each with its answers
 * and its documented failures, checked only through the interface and what
 * the setup provides. The saved cart is made of carts, so the suite fills
 * them through the cart adapter; the catalog is its oracle. A backend
 * serving identity runs it from a test file of its own folder (see ./index.ts):
 *
 *   identityConformance('my backend', async () => ({ commerce: { catalog, cart, identity }, login, fixtures, close }))
 *
 * It uses `sku` and `otherSku` as `Fixtures` describes them (the cart suite
 * checks them). It changes carts it creates, the saved cart of `shopper` and
 * the wishlist of `vet`.
 */
import { randomUUID } from 'node:crypto'
import type { RequestContext } from '../../domain/types'
import { lines, rejection, UNKNOWN_SKU } from './checks'
import { shopping } from './oracle'
import { prepare, type SuiteSetup } from './setup'

export type IdentitySetup = SuiteSetup<'catalog' | 'cart' | 'identity', 'seller' | 'sku' | 'otherSku' | 'customers', 'login'>

export function identityConformance(name: string, setup: () => Promise<IdentitySetup>): void {
  /** One guest's browser: what the platform issues to it stays in it (see RequestContext). */
  const GUEST: RequestContext = {}
  describe(`identity conformance: ${name}`, () => {
    let context: IdentitySetup
    let commerce: IdentitySetup['commerce']
    let fixtures: IdentitySetup['fixtures']
    const { shopper, entry, line, start } = shopping()
    prepare(setup, async (made) => {
      context = made
      ;({ commerce, fixtures } = made)
      await start(made)
    })

    describe('session', () => {
      it('knows no person and no profile for a guest', async () => {
        expect(await commerce.identity.session.person(GUEST)).toBeNull()
        expect(await commerce.identity.session.profile(GUEST)).toBeNull()
        expect(await commerce.identity.session.addresses(GUEST)).toEqual([])
      })

      it('answers the logged-in person and their profile', async () => {
        const [mine, theirs] = shopper as [RequestContext, RequestContext]
        const person = await commerce.identity.session.person(mine)
        expect(person?.email).toBe(fixtures.customers.shopper.email)
        expect(person?.givenName).not.toBe('')
        expect((await commerce.identity.session.person(theirs))?.email).toBe(fixtures.customers.otherShopper.email)
        expect((await commerce.identity.session.person(theirs))?.id).not.toBe(person?.id)
        const profile = await commerce.identity.session.profile(mine)
        expect(profile).toMatchObject({ isVet: false })
        expect(profile?.bkId).not.toBe('')
        expect(profile?.arcacard).not.toBe('')
      })

      it('flags the veterinarian', async () => {
        const vet = await context.login(fixtures.customers.vet)
        expect((await commerce.identity.session.person(vet))?.email).toBe(fixtures.customers.vet.email)
        expect(await commerce.identity.session.profile(vet)).toMatchObject({ isVet: true })
      })
    })

    describe('shared cart', () => {
      it('refuses guests everything but the owner question, which answers unsaved for a fresh or unknown cart', async () => {
        const cart = await commerce.cart.create(GUEST)
        expect(await commerce.identity.sharedCart.owner(cart.id, GUEST)).toEqual({ saved: false, customerId: null })
        expect(await commerce.identity.sharedCart.owner(randomUUID(), GUEST)).toEqual({ saved: false, customerId: null })
        await rejection(commerce.identity.sharedCart.saved(false, GUEST), 401, 'unauthorized')
        await rejection(commerce.identity.sharedCart.save(cart.id, GUEST), 401, 'unauthorized')
        await rejection(commerce.identity.sharedCart.merge(cart.id, cart.id, GUEST), 401, 'unauthorized')
      })

      it('saves a guest cart for the caller, who finds it again; others learn only that it is saved', async () => {
        const [mine, theirs] = shopper as [RequestContext, RequestContext]
        const cart = await commerce.cart.create(GUEST)
        await commerce.cart.addItem(cart.id, line(fixtures.sku, 1), GUEST)
        // Only from the browser holding the guest cart.
        await rejection(commerce.identity.sharedCart.save(cart.id, mine), 404, 'not_found')
        const saved = await commerce.identity.sharedCart.save(cart.id, await context.login(fixtures.customers.shopper, GUEST))
        expect(saved.id).toBe(cart.id)
        expect((await commerce.identity.sharedCart.saved(true, mine))?.id).toBe(cart.id)
        const me = await commerce.identity.session.person(mine)
        expect(await commerce.identity.sharedCart.owner(cart.id, mine)).toEqual({ saved: true, customerId: me?.id })
        expect(await commerce.identity.sharedCart.owner(cart.id, theirs)).toEqual({ saved: true, customerId: null })
        expect(await commerce.identity.sharedCart.owner(cart.id, GUEST)).toEqual({ saved: true, customerId: null })
        await rejection(commerce.identity.sharedCart.save(cart.id, theirs), 403, 'forbidden')
        await rejection(commerce.cart.get(cart.id, GUEST), 403, 'forbidden')
      })

      it('merges with COMBINE into the saved cart: sums equal lines up to the maximum, drops none', async () => {
        const [mine, theirs] = shopper as [RequestContext, RequestContext]
        const max = entry(fixtures.sku).variant.maxQuantity
        const savedCart = await commerce.cart.create(mine)
        await commerce.cart.addItem(savedCart.id, line(fixtures.sku, max - 1), mine)
        await commerce.identity.sharedCart.save(savedCart.id, mine)
        const current = await commerce.cart.create(GUEST)
        await commerce.cart.addItem(current.id, line(fixtures.sku, 2), GUEST)
        await commerce.cart.addItem(current.id, line(fixtures.otherSku, 1), GUEST)
        await rejection(commerce.identity.sharedCart.merge(savedCart.id, current.id, theirs), 403, 'forbidden')
        await rejection(commerce.identity.sharedCart.merge(savedCart.id, current.id, mine), 404, 'not_found')
        const merged = await commerce.identity.sharedCart.merge(savedCart.id, current.id, await context.login(fixtures.customers.shopper, GUEST))
        expect(merged.id).toBe(savedCart.id)
        expect(lines(merged)).toEqual([[fixtures.sku, max], [fixtures.otherSku, 1]])
        // The merged guest cart keeps its lines and is the shopper's now.
        expect(lines(await commerce.cart.get(current.id, mine))).toEqual([[fixtures.sku, 2], [fixtures.otherSku, 1]])
      })
    })

    describe('wishlist', () => {
      it('adds a sku once, lists it, and removes only the caller\'s item', async () => {
        const vet = await context.login(fixtures.customers.vet)
        const [other] = shopper as [RequestContext]
        const before = await commerce.identity.wishlist.list(vet)
        const id = await commerce.identity.wishlist.add(fixtures.otherSku, vet)
        expect(await commerce.identity.wishlist.add(fixtures.otherSku, vet)).toBe(id)
        expect(await commerce.identity.wishlist.list(vet)).toEqual([...before.filter((i) => i.id !== id), { id, sku: fixtures.otherSku, productId: entry(fixtures.otherSku).product.id }])
        expect(await commerce.identity.wishlist.remove(id, other)).toBe(false)
        expect(await commerce.identity.wishlist.remove(id, vet)).toBe(true)
        expect(await commerce.identity.wishlist.remove(id, vet)).toBe(false)
        expect(await commerce.identity.wishlist.list(vet)).toEqual(before.filter((i) => i.id !== id))
      })

      it('rejects guests with 401 and unknown skus with 404', async () => {
        await rejection(commerce.identity.wishlist.list(GUEST), 401, 'unauthorized')
        await rejection(commerce.identity.wishlist.add(fixtures.sku, GUEST), 401, 'unauthorized')
        await rejection(commerce.identity.wishlist.add(UNKNOWN_SKU, shopper[0] as RequestContext), 404, 'not_found')
      })
    })
  })
}
