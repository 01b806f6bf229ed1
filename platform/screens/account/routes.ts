/**
 * The customer's account screens: one page with a section for each link of the
 * storefront's account menu (`/account#/orders`, `#/addresses`, `#/loyalty`,
 * `#/profile`, `#/wishlist`, and `#/privacy` for their data), the correction
 * of their name and consent, an order's page with "Riordina", the address
 * forms, the download of their data and the erasure of the account. Every page answers only the customer behind the
 * session cookie; an order number or address id of anyone else is the 404 of
 * one that does not exist. Every change is a POST carrying the form's CSRF
 * token, and a post from another origin is refused before it gets here.
 * The HTML is in views.ts and the forms' reading in forms.ts; the services
 * are the app's, each built once (http/app.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MAX_ADDRESSES } from '../../identity/addresses'
import type { Customer } from '../../identity/customers'
import { clientKey, LOGIN_THROTTLE } from '../../identity/throttle'
import { PlatformError } from '../../lib/errors'
import { currentCustomer, endSession } from '../../http/session'
import type { Services } from '../../http/services'
import { formFields, waitText } from '../auth'
import { sendPage } from '../html'
import { EMPTY_ADDRESS, readAddressForm, readProfileForm } from './forms'
import {
  accountPage,
  addressFormPage,
  ADDRESS_NOT_FOUND,
  deletedPage,
  deletePage,
  notFoundPage,
  ORDER_NOT_FOUND,
  orderPage,
  profilePage,
  type AccountView,
} from './views'

const param = (request: FastifyRequest, name: string): string => String((request.params as Record<string, unknown>)[name] ?? '')

/** The account screens (see the file's comment). */
export function registerAccountScreens(app: FastifyInstance, services: Services): void {
  const checked = { preHandler: app.csrfProtection }
  const { wishlists, savedCarts, customerOrders: orders, addressBook: addresses, personalData, throttle } = services

  const showAccount = async (customer: Customer, token: string, notice: AccountView['notice'] = null): Promise<string> =>
    accountPage({
      customer,
      orders: await orders.list(customer.id),
      addresses: await addresses.list(customer.id),
      wishlist: await wishlists.listForPage(customer.id),
      storefront: services.storefront(),
      token,
      notice,
    })

  /** The customer, or a redirect to the login that comes back to `returnPath`. */
  const customerOr = async (request: FastifyRequest, reply: FastifyReply, returnPath: string): Promise<Customer | null> => {
    const customer = await currentCustomer(request, services)
    if (!customer) void reply.redirect(`/login?returnUrl=${encodeURIComponent(returnPath)}`, 303)
    return customer
  }

  app.get('/account', async (request, reply) => {
    const customer = await customerOr(request, reply, '/account')
    if (!customer) return reply
    return sendPage(reply, 200, await showAccount(customer, reply.generateCsrf()))
  })

  /**
   * "Aggiungi al carrello" of an item of the account's wishlist: one unit goes
   * into the customer's saved cart (the cart every device of theirs restores),
   * which is opened and saved for them when they have none, through the same
   * cart service as every other cart change. Then the shopper lands on the
   * product's page in the storefront, whose cart follows the saved one.
   */
  app.post('/account/wishlist/cart', checked, async (request, reply) => {
    const customer = await customerOr(request, reply, '/account#/wishlist')
    if (!customer) return reply
    const itemId = formFields(request.body).itemId ?? ''
    const item = (await wishlists.listForPage(customer.id)).find((entry) => entry.id === itemId)
    if (!item) return sendPage(reply, 404, await showAccount(customer, reply.generateCsrf(), { section: 'wishlist', text: 'Questo prodotto non è più nella tua wishlist.' }))
    const viewer = { customerId: customer.id, guestKey: null }
    let cartId: string
    try {
      cartId = (await savedCarts.mine(customer.id, false))?.id ?? (await savedCarts.save(viewer, (await services.orderForms.create(viewer)).orderForm.id)).id
      await services.orderForms.addItem(cartId, viewer, { sku: item.sku, seller: '1', attachments: [], quantity: 1 })
    } catch (error) {
      if (!(error instanceof PlatformError && error.status === 422)) throw error
      const text = `Non è stato possibile aggiungere ${item.productName} al carrello: nel carrello c'è già la quantità massima.`
      return sendPage(reply, 422, await showAccount(customer, reply.generateCsrf(), { section: 'wishlist', text }))
    }
    const storefront = services.storefront()
    const landing = storefront ? `${storefront}/${item.productSlug}/p?skuId=${encodeURIComponent(item.sku)}` : `/checkout?orderFormId=${encodeURIComponent(cartId)}`
    return reply.redirect(landing, 303)
  })

  app.get('/account/profile/edit', async (request, reply) => {
    const customer = await customerOr(request, reply, '/account/profile/edit')
    if (!customer) return reply
    return sendPage(reply, 200, profilePage(reply.generateCsrf(), customer.email, customer, []))
  })

  app.post('/account/profile', checked, async (request, reply) => {
    const customer = await customerOr(request, reply, '/account/profile/edit')
    if (!customer) return reply
    const { values, problems } = readProfileForm(formFields(request.body))
    if (problems.length) return sendPage(reply, 400, profilePage(reply.generateCsrf(), customer.email, values, problems))
    await services.identity.updateProfile(customer.id, values)
    return reply.redirect('/account#/profile', 303)
  })

  app.get('/account/orders/:orderNumber', async (request, reply) => {
    const number = param(request, 'orderNumber')
    const customer = await customerOr(request, reply, `/account/orders/${encodeURIComponent(number)}`)
    if (!customer) return reply
    const order = await orders.find(customer.id, number)
    if (!order) return sendPage(reply, 404, notFoundPage(...ORDER_NOT_FOUND))
    return sendPage(reply, 200, orderPage(order, reply.generateCsrf(), null, services.storefront()))
  })

  app.post('/account/orders/:orderNumber/reorder', checked, async (request, reply) => {
    const number = param(request, 'orderNumber')
    const customer = await customerOr(request, reply, `/account/orders/${encodeURIComponent(number)}`)
    if (!customer) return reply
    const outcome = await orders.reorder(customer.id, number)
    const order = outcome && (await orders.find(customer.id, number))
    if (!outcome || !order) return sendPage(reply, 404, notFoundPage(...ORDER_NOT_FOUND))
    return sendPage(reply, 200, orderPage(order, reply.generateCsrf(), outcome, services.storefront()))
  })

  app.get('/account/addresses/new', async (request, reply) => {
    const customer = await customerOr(request, reply, '/account/addresses/new')
    if (!customer) return reply
    const hasResidential = (await addresses.list(customer.id)).some((a) => a.addressType === 'residential')
    const input = { ...EMPTY_ADDRESS, recipient: `${customer.givenName} ${customer.familyName}`, residential: !hasResidential }
    return sendPage(reply, 200, addressFormPage(reply.generateCsrf(), '/account/addresses', 'Nuovo indirizzo', input, [], true))
  })

  app.post('/account/addresses', checked, async (request, reply) => {
    const customer = await customerOr(request, reply, '/account/addresses/new')
    if (!customer) return reply
    const { input, problems } = readAddressForm(formFields(request.body))
    if (problems.length) return sendPage(reply, 400, addressFormPage(reply.generateCsrf(), '/account/addresses', 'Nuovo indirizzo', input, problems, true))
    const added = await addresses.add(customer.id, input)
    if (!added) return sendPage(reply, 422, await showAccount(customer, reply.generateCsrf(), { section: 'addresses', text: `Puoi salvare al massimo ${MAX_ADDRESSES} indirizzi: eliminane uno per aggiungerne un altro.` }))
    return reply.redirect('/account#/addresses', 303)
  })

  app.get('/account/addresses/:id/edit', async (request, reply) => {
    const id = param(request, 'id')
    const customer = await customerOr(request, reply, `/account/addresses/${encodeURIComponent(id)}/edit`)
    if (!customer) return reply
    const address = await addresses.get(customer.id, id)
    if (!address) return sendPage(reply, 404, notFoundPage(...ADDRESS_NOT_FOUND))
    const input = { ...address, residential: address.addressType === 'residential' }
    return sendPage(reply, 200, addressFormPage(reply.generateCsrf(), `/account/addresses/${encodeURIComponent(id)}`, 'Modifica indirizzo', input, [], !input.residential))
  })

  app.post('/account/addresses/:id', checked, async (request, reply) => {
    const id = param(request, 'id')
    const customer = await customerOr(request, reply, `/account/addresses/${encodeURIComponent(id)}/edit`)
    if (!customer) return reply
    const { input, problems } = readAddressForm(formFields(request.body))
    const existing = await addresses.get(customer.id, id)
    if (!existing) return sendPage(reply, 404, notFoundPage(...ADDRESS_NOT_FOUND))
    const wasResidential = existing.addressType === 'residential'
    if (problems.length) {
      return sendPage(reply, 400, addressFormPage(reply.generateCsrf(), `/account/addresses/${encodeURIComponent(id)}`, 'Modifica indirizzo', input, problems, !wasResidential))
    }
    if (!(await addresses.update(customer.id, id, input))) return sendPage(reply, 404, notFoundPage(...ADDRESS_NOT_FOUND))
    return reply.redirect('/account#/addresses', 303)
  })

  app.post('/account/addresses/:id/residential', checked, async (request, reply) => {
    const customer = await customerOr(request, reply, '/account#/addresses')
    if (!customer) return reply
    if (!(await addresses.makeResidential(customer.id, param(request, 'id')))) return sendPage(reply, 404, notFoundPage(...ADDRESS_NOT_FOUND))
    return reply.redirect('/account#/addresses', 303)
  })

  app.post('/account/addresses/:id/delete', checked, async (request, reply) => {
    const customer = await customerOr(request, reply, '/account#/addresses')
    if (!customer) return reply
    if (!(await addresses.remove(customer.id, param(request, 'id')))) return sendPage(reply, 404, notFoundPage(...ADDRESS_NOT_FOUND))
    return reply.redirect('/account#/addresses', 303)
  })

  /**
   * The copy of the customer's data, as a JSON file. A read: a page of another
   * site may start the download in the customer's own browser, but cannot read
   * it (no CORS, Cross-Origin-Resource-Policy same-site).
   */
  app.get('/account/data', async (request, reply) => {
    const customer = await customerOr(request, reply, '/account#/privacy')
    if (!customer) return reply
    const data = await personalData.export(customer)
    const day = new Date().toISOString().slice(0, 10)
    return reply
      .status(200)
      .type('application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="zampa-amica-dati-${day}.json"`)
      .send(JSON.stringify(data, null, 2))
  })

  app.get('/account/delete', async (request, reply) => {
    const customer = await customerOr(request, reply, '/account/delete')
    if (!customer) return reply
    return sendPage(reply, 200, deletePage(reply.generateCsrf(), null))
  })

  /**
   * Erases the account once the password is confirmed. The form's token, its
   * SameSite=Strict cookie and the origin check keep it from being sent from
   * another site; wrong passwords count on the login's counters, so this form
   * is no way around their limit.
   */
  app.post('/account/delete', checked, async (request, reply) => {
    const customer = await customerOr(request, reply, '/account/delete')
    if (!customer) return reply
    const password = formFields(request.body).password ?? ''
    const client = clientKey(request.ip)
    const counters = [
      { key: `login:pair:${customer.email} ${client}`, rule: LOGIN_THROTTLE.pair },
      { key: `login:ip:${client}`, rule: LOGIN_THROTTLE.address },
    ]
    const wait = await throttle.attempt(counters)
    if (wait > 0) {
      void reply.header('retry-after', String(wait))
      return sendPage(reply, 429, deletePage(reply.generateCsrf(), `Troppi tentativi con una password sbagliata. Riprova tra ${waitText(wait)}.`))
    }
    const confirmed = password !== '' && (await services.identity.authenticate(customer.email, password))?.id === customer.id
    if (!confirmed) return sendPage(reply, 401, deletePage(reply.generateCsrf(), 'La password non è corretta: l’account non è stato eliminato.'))
    await throttle.takeBack(counters.slice(1))
    await personalData.erase(customer)
    await endSession(request, reply, services)
    void reply.clearCookie(services.cookies.device, { httpOnly: true, sameSite: 'lax', path: '/', secure: services.secureCookies })
    return sendPage(reply, 200, deletedPage(services.storefront()))
  })
}
