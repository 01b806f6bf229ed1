/**
 * Identity over VTEX. Who is logged in is VTEX ID's cookie read through
 * Session Manager (./session.ts); the profile's name and addresses are
 * Profile System's; the loyalty card, profiling consent and vet flag, the
 * saved cart, the wishlist and (in ./stores.ts) the favourite store are
 * documents of the shop's Master Data entities (./masterdata/schemas.ts),
 * each carrying the customer id. The app key reads and writes them, so
 * every operation filters by the id the session gave, never one it was told.
 *
 * A placed order is read from the Orders API and shown only to whoever names
 * its number and the email it was placed with; failed tries are counted by the
 * shopper's address in the embedded platform's database (./lookups.ts).
 */
import { z } from 'zod/v4'
import type { Address, Cart, PlacedOrder, RequestContext } from '../../domain/types'
import type { IdentityAdapter } from '../capabilities/identity'
import { CommerceError, notFound } from '../errors'
import { OrderForm, toCart, toCartItem } from './cart'
import { read } from './read'
import type { VtexClient } from './client'
import { masterData, type Doc } from './masterdata/documents'
import type { LookupCounter } from './lookups'
import { formPath, mustOwnOrderForm, ORDER_FORM_ID, readPath } from './ownership'
import { authCookieName, customerId, sessionPerson } from './session'
import { vtexLogin } from './login'

const SKU = /^[A-Za-z0-9_-]{1,64}$/

const ProfileAddresses = z.array(z.object({ document: z.object({ addressType: z.string().nullable().optional(), countryCode: z.string().nullable().optional(), postalCode: z.string().nullable().optional() }) }))
const Sku = z.object({ Id: z.number(), ProductId: z.number() })

const Owned = z.object({ userProfileId: z.string().nullable().optional() })

/** The browser's cookies without VTEX ID's for the account. */
const withoutAuthCookie = (cookie: string | undefined, account: string) =>
  (cookie ?? '')
    .split(';')
    .filter((part) => !part.trim().startsWith(`${authCookieName(account)}=`))
    .join(';')
    .trim() || undefined

const ADDRESS_TYPES = ['residential', 'commercial', 'pickup', 'shipping'] as const
const addressType = (value: string | null | undefined): Address['addressType'] => ADDRESS_TYPES.find((t) => t === value?.toLowerCase()) ?? 'shipping'

const Order = z.object({
  orderId: z.string(),
  status: z.string(),
  creationDate: z.string(),
  value: z.number(),
  clientProfileData: z.object({ email: z.string().nullable().optional() }).nullable().optional(),
  items: z.array(z.object({ id: z.string(), productId: z.string(), name: z.string(), quantity: z.number(), seller: z.string(), price: z.number(), listPrice: z.number(), sellingPrice: z.number().optional(), ean: z.string().nullable().optional(), detailUrl: z.string().nullable().optional(), imageUrl: z.string().nullable().optional(), isGift: z.boolean().optional() })),
})

/**
 * Orders VTEX names by the email of the order's profile, which the Orders API
 * answers masked unless the key may see personal data: the lookup needs it
 * unmasked (the app key's OMS role, docs/vtex.md). An order still in payment
 * or cancelled is not placed for the shopper.
 */
const NOT_PLACED = new Set(['order-created', 'order-creation-error', 'order-accepted', 'payment-pending', 'canceled', 'cancellation-requested', 'incomplete'])

export function vtexIdentity(client: VtexClient, lookups: LookupCounter, now: () => number = Date.now): IdentityAdapter {
  const documents = masterData(client)

  /** An order form the browser named: only its own (./ownership.ts). */
  const ownCart = async (id: string, ctx: RequestContext) => {
    await mustOwnOrderForm(client, id, ctx)
    return read(OrderForm, (await client.call(readPath(id), { ctx })).body, 'order form')
  }
  /**
   * The customer's saved order form, named by their Master Data document. Read without taking the cookies VTEX
   * answers it with, so the browser's cookies keep naming its current cart (which a merge then names) until the
   * browser adopts the saved one: its next cart call, where the form's binding to the customer makes it its own.
   */
  const savedCart = async (id: string, ctx: RequestContext) => {
    if (!ORDER_FORM_ID.test(id)) throw notFound(`no cart ${id}`)
    const reading: RequestContext = { cookie: ctx.cookie, issued: ctx.issued }
    return read(OrderForm, (await client.call(formPath(id), { ctx: reading })).body, 'order form')
  }
  const savedDoc = async (customer: string): Promise<Doc | undefined> => (await documents.search('sharedcart', { customerId: customer }))[0]

  async function skuProduct(sku: string): Promise<string> {
    if (!SKU.test(sku)) throw notFound(`no sku ${sku}`)
    const answer = await client.call(`/api/catalog_system/pvt/sku/stockkeepingunitbyid/${encodeURIComponent(sku)}`, { private: true })
    return String(read(Sku, answer.body, 'sku').ProductId)
  }

  return {
    login: vtexLogin(client),
    session: {
      person: (ctx) => sessionPerson(client, ctx),
      async profile(ctx) {
        const person = await sessionPerson(client, ctx)
        if (!person) return null
        const [doc] = await documents.search('loyalty', { customerId: person.id })
        const text = (value: unknown) => (typeof value === 'string' ? value : '')
        return { bkId: text(doc?.bkId), arcacard: text(doc?.arcacard), profilingConsent: doc?.profilingConsent === true, isVet: doc?.isVet === true }
      },
      async addresses(ctx) {
        const person = await sessionPerson(client, ctx)
        if (!person) return []
        const answer = await client.call(`/api/storage/profile-system/profiles/${encodeURIComponent(person.id)}/addresses`, { private: true })
        const addresses = read(ProfileAddresses, answer.body, 'addresses').map(({ document: a }): Address => ({ addressType: addressType(a.addressType), country: a.countryCode ?? '', postalCode: a.postalCode ?? '' }))
        return [...addresses.filter((a) => a.addressType === 'residential'), ...addresses.filter((a) => a.addressType !== 'residential')]
      },
    },
    sharedCart: {
      async owner(orderFormId, ctx) {
        const unsaved = { saved: false, customerId: null }
        if (!ORDER_FORM_ID.test(orderFormId)) return unsaved
        const [doc] = await documents.search('sharedcart', { orderFormId })
        const me = await sessionPerson(client, ctx)
        if (doc) return { saved: true, customerId: me && me.id === doc.customerId ? me.id : null }
        // An order form a customer owns is theirs too, saved or not: Checkout refuses it to anyone else. It is asked
        // first without VTEX ID's cookie, so that the question never binds a guest cart of this browser to the caller.
        const guest: RequestContext = { cookie: withoutAuthCookie(ctx.cookie, client.settings.account), issued: ctx.issued }
        try {
          await client.call(formPath(orderFormId), { ctx: guest })
          return unsaved
        } catch (error) {
          if (!(error instanceof CommerceError) || (error.status !== 403 && error.status !== 404)) throw error
          if (error.status === 404) return unsaved
        }
        if (!me) return { saved: true, customerId: null }
        try {
          const form = read(Owned, (await client.call(formPath(orderFormId), { ctx })).body, 'order form')
          return { saved: true, customerId: form.userProfileId === me.id ? me.id : null }
        } catch (error) {
          if (error instanceof CommerceError && error.status === 403) return { saved: true, customerId: null }
          throw error
        }
      },
      async saved(nullOnEmpty, ctx): Promise<Cart | null> {
        const customer = await customerId(client, ctx)
        const doc = await savedDoc(customer)
        if (typeof doc?.orderFormId !== 'string') return null
        const cart = toCart(await savedCart(doc.orderFormId, ctx))
        return nullOnEmpty && cart.items.length === 0 ? null : cart
      },
      async save(orderFormId, ctx) {
        const customer = await customerId(client, ctx)
        // Checkout answers the form only to its owner or to the browser holding it (403, 404), and binds it to the logged-in customer.
        const form = await ownCart(orderFormId, ctx)
        await documents.save('sharedcart', { id: `sharedcart-${customer}`, customerId: customer, orderFormId: form.orderFormId, savedAt: new Date(now()).toISOString() })
        return toCart(form)
      },
      async merge(savedOrderFormId, currentOrderFormId, ctx) {
        const customer = await customerId(client, ctx)
        const doc = await savedDoc(customer)
        if (doc?.orderFormId !== savedOrderFormId) throw new CommerceError(403, 'forbidden', 'that is not your saved cart')
        const current = await ownCart(currentOrderFormId, ctx)
        const saved = await savedCart(savedOrderFormId, ctx)
        // A subscription line carries its plan as an item attachment, which Checkout's `items` does not take: added
        // there it would become a one-off purchase. Refused, changing nothing, until the merge can attach it again.
        if (current.items.some((item) => !item.isGift && item.attachments.length > 0)) {
          throw new CommerceError(422, 'unprocessable', 'the cart has subscription lines, which cannot be merged into the saved cart yet')
        }
        const orderItems = current.items.filter((item) => !item.isGift).map((item, i) => ({ id: item.id, quantity: item.quantity, seller: item.seller, index: saved.items.length + i }))
        if (orderItems.length === 0) return toCart(saved)
        // Checkout sums a line already there and caps it at what can be sold, with a message; nothing is dropped.
        const answer = await client.call(`${formPath(savedOrderFormId)}/items`, { method: 'POST', body: { orderItems }, ctx })
        return toCart(read(OrderForm, answer.body, 'order form'))
      },
    },
    wishlist: {
      async list(ctx) {
        const customer = await customerId(client, ctx)
        const docs = await documents.search('wishlist', { customerId: customer })
        return docs.map((d) => ({ id: d.id, sku: String(d.sku), productId: String(d.productId ?? '') }))
      },
      async add(sku, ctx) {
        const customer = await customerId(client, ctx)
        const productId = await skuProduct(sku)
        const [existing] = await documents.search('wishlist', { customerId: customer, sku })
        if (existing) return existing.id
        // One document per customer and sku, named by both: adding again can only land on the same one.
        const id = `wishlist-${customer}-${sku}`
        await documents.save('wishlist', { id, customerId: customer, sku, productId, addedAt: new Date(now()).toISOString() })
        return id
      },
      async remove(itemId, ctx) {
        const customer = await customerId(client, ctx)
        if (!/^[A-Za-z0-9_.:-]{1,128}$/.test(itemId)) return false
        const [mine] = await documents.search('wishlist', { customerId: customer, id: itemId })
        if (!mine) return false
        await documents.remove('wishlist', mine.id)
        return true
      },
    },
    orders: {
      async findPlaced(orderNumber, email, ctx): Promise<PlacedOrder> {
        // Charged as a failure before VTEX is asked (429 once the address has failed too often), and taken back below
        // unless the lookup failed for the shopper: the count is the platform's, shared by every storefront server.
        const receipt = await lookups.charge(ctx)
        const miss = () => notFound('no placed order with that number and email')
        if (!/^[A-Za-z0-9-]{1,40}$/.test(orderNumber)) throw miss()
        let order: z.infer<typeof Order>
        try {
          order = read(Order, (await client.call(`/api/oms/pvt/orders/${encodeURIComponent(orderNumber)}`, { private: true })).body, 'order')
        } catch (error) {
          if (error instanceof CommerceError && error.status === 404) throw miss()
          // VTEX's fault is not the shopper's failure.
          await lookups.takeBack(receipt, ctx).catch(() => undefined)
          throw error
        }
        const placedWith = order.clientProfileData?.email?.trim().toLowerCase()
        if (!placedWith || placedWith !== email.trim().toLowerCase() || NOT_PLACED.has(order.status)) throw miss()
        // Found: the charge goes. Should the platform not answer now, the shopper keeps one failure, and their order.
        await lookups.takeBack(receipt, ctx).catch(() => undefined)
        return {
          orderNumber: order.orderId,
          status: 'placed',
          placedAt: order.creationDate,
          items: order.items.map((item, index) => toCartItem({ ...item, ean: item.ean ?? null, isGift: item.isGift ?? false, attachments: [], availability: 'available' }, index)),
          total: order.value / 100,
        }
      },
    },
  }
}
