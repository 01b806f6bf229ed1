import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { MINIMUM_ORDER_CENTS } from '../cart/pricing'
import type { OrderFormView } from '../cart/view'
import type { OrderForm, OrderFormItem } from '../wire'
import { PlatformError } from '../lib/errors'
import type { Store } from '../wire-stores'
import { currentCustomer, viewerOf } from '../http/session'
import type { Services } from '../http/services'
import { tokenField } from './auth'
import { formatEuro, html, layout, sendPage, type SafeHtml } from './html'

function lineHtml(item: OrderFormItem): SafeHtml {
  const unavailable = !item.isGift && (item.variants.find((v) => v.sku === item.sku)?.lowPrice ?? 0) <= 0
  return html`<li class="line" data-testid="checkout-line" data-sku="${item.sku}" data-gift="${item.isGift ? 'true' : 'false'}">
  <img src="${item.image.url}?w=128" alt="${item.image.alternateName}" width="64" height="64" loading="lazy">
  <div>
    <div class="name">${item.productName}</div>
    <div class="muted">${item.variantName}${item.isGift ? html` · <span class="badge">Omaggio</span>` : null}</div>
    <div class="muted">Quantità: <span data-testid="checkout-line-quantity">${item.quantity}</span> · Prezzo unitario: <span data-testid="checkout-line-price">${formatEuro(item.price)}</span></div>
    ${unavailable ? html`<div class="error">Questo articolo non è al momento disponibile.</div>` : null}
  </div>
  <div class="total" data-testid="checkout-line-total">${formatEuro(Math.round(item.price * item.quantity * 100) / 100)}</div>
</li>`
}

/** Why the order cannot be confirmed yet, or null. */
function blocker(form: OrderForm): string | null {
  const regular = form.items.filter((i) => !i.isGift)
  if (regular.length === 0) return 'Il carrello è vuoto.'
  if (regular.some((i) => (i.variants.find((v) => v.sku === i.sku)?.lowPrice ?? 0) <= 0)) {
    return "Nel carrello è presente un articolo al momento non disponibile. Rimuovi l'articolo per procedere all'acquisto"
  }
  if (Math.round(form.totals.total * 100) < MINIMUM_ORDER_CENTS) {
    return "Attenzione: il valore minimo d'ordine è di 8,99€ (spese di consegna escluse)"
  }
  return null
}

function summary(form: OrderForm): SafeHtml {
  const regular = form.items.filter((i) => !i.isGift)
  const gifts = form.items.filter((i) => i.isGift)
  return html`<ul class="lines">${regular.map(lineHtml)}</ul>
${gifts.length ? html`<h2>Omaggi</h2><ul class="lines" data-testid="checkout-gifts">${gifts.map(lineHtml)}</ul>` : null}
<div class="totals"><span>Totale</span><span data-testid="checkout-total">${formatEuro(form.totals.total)}</span></div>`
}

/** Where the order goes: picked up at a store (its address) or delivered. */
function pickupBlock(store: Store | null): SafeHtml | null {
  if (!store) return null
  return html`<section class="notice" data-testid="checkout-pickup"><h2>Ritiro in negozio</h2>
<p><strong>${store.name}</strong><br>${store.street}, ${store.postalCode} ${store.city}</p></section>`
}

/** A guest gives the email the confirmation goes to, and finds the order again with it (the guest-order page). */
function guestEmailField(asked: boolean): SafeHtml | null {
  if (!asked) return null
  return html`<label class="field">Email per la conferma dell'ordine
    <input type="email" name="email" required maxlength="254" autocomplete="email" data-testid="checkout-email">
  </label>`
}

/**
 * Whose order this is, on a customer's order form: the account's email, and the way out of it. A session planted
 * from another origin of the host would otherwise order unseen as the planter; "Non sei tu? Esci" ends it (and
 * the browser's guest-cart key with it) and takes the shopper back to the shop.
 */
function accountBlock(email: string | null, token: string, leaveTo: string): SafeHtml | null {
  if (!email) return null
  return html`<section class="notice" data-testid="checkout-account">
  <p>Stai ordinando come <strong data-testid="checkout-account-email">${email}</strong>.</p>
  <form method="post" action="/logout">
    ${tokenField(token)}
    <input type="hidden" name="returnUrl" value="${leaveTo}">
    <button type="submit" class="secondary" data-testid="checkout-leave-account">Non sei tu? Esci</button>
  </form>
</section>`
}

function checkoutPage(view: OrderFormView, token: string, error: string | null, pickup: Store | null, account: string | null, leaveTo: string): string {
  const form = view.orderForm
  if (form.status === 'placed') {
    return layout(
      'Ordine confermato',
      html`<div class="card" data-testid="checkout-confirmation">
  <h1>Grazie! Il tuo ordine è confermato</h1>
  <p class="ok">Numero d'ordine: <strong data-testid="checkout-order-number">${view.orderNumber}</strong></p>
  ${form.customerId
    ? html`<p class="muted">Ritrovi l'ordine e il suo stato in <a href="/account#/orders" data-testid="checkout-account-orders">I miei ordini</a>, da dove puoi anche riordinarlo.</p>`
    : html`<p class="muted">Con il numero d'ordine e la tua email puoi ritrovare l'ordine e il suo stato in qualsiasi momento.</p>`}
  ${pickupBlock(pickup)}
  ${summary(form)}
</div>`,
    )
  }
  const reason = blocker(form)
  return layout(
    'Cassa',
    html`<div class="card">
  <h1>Riepilogo ordine</h1>
  ${error ? html`<p class="error" role="alert" data-testid="checkout-error">${error}</p>` : null}
  ${reason ? html`<p class="notice" data-testid="checkout-blocker">${reason}</p>` : null}
  ${accountBlock(account, token, leaveTo)}
  ${pickupBlock(pickup)}
  ${summary(form)}
  <form method="post" action="/checkout" class="confirm">
    ${tokenField(token)}
    <input type="hidden" name="orderFormId" value="${form.id}">
    ${guestEmailField(form.customerId === null)}
    <button type="submit" data-testid="checkout-confirm" ${reason ? html`disabled` : null}>Conferma ordine</button>
  </form>
</div>`,
  )
}

function problemPage(status: number, title: string, text: string): string {
  return layout(title, html`<div class="card" data-testid="checkout-problem" data-status="${status}"><h1>${title}</h1><p>${text}</p><p><a href="/">Torna al negozio</a></p></div>`)
}

const PROBLEMS: Record<number, [string, string]> = {
  400: ['Carrello non indicato', 'Il link alla cassa non indica quale carrello aprire.'],
  403: ['Carrello non accessibile', "Questo carrello appartiene a un altro cliente. Accedi con l'account giusto per continuare."],
  404: ['Carrello non trovato', 'Il carrello richiesto non esiste o non è più disponibile.'],
}

/** The external checkout: `/checkout?orderFormId=<id>` shows the order form, POST confirms it. */
export function registerCheckoutScreens(app: FastifyInstance, services: Services): void {
  const { stores } = services
  const fieldOf = (input: unknown, name: string): string | null => {
    const value = (input as Record<string, unknown> | undefined)?.[name]
    return typeof value === 'string' && value !== '' ? value : null
  }
  const orderFormIdOf = (input: unknown): string | null => fieldOf(input, 'orderFormId')
  /** The email a guest's checkout gives, as sent (even empty: the page asked for one), or null when the form has no such field. */
  const guestEmailOf = (input: unknown): string | null => {
    const value = (input as Record<string, unknown> | undefined)?.email
    return typeof value === 'string' ? value : null
  }
  /** Where "Non sei tu? Esci" leaves the shopper: the shop, else the platform's login. */
  const leaveTo = (): string => (services.storefront() ? `${services.storefront()}/` : '/login')

  const show = async (request: FastifyRequest, reply: FastifyReply, id: string | null, error: string | null, status = 200): Promise<FastifyReply> => {
    if (!id) return sendPage(reply, 400, problemPage(400, ...(PROBLEMS[400] as [string, string])))
    const viewer = await viewerOf(request, services)
    try {
      const view = await services.orderForms.view(id, viewer)
      const pickup = await stores.pickupPoint(view.orderForm.id)
      // A customer's form opens only to its customer's session, so the session's person is whose order it is.
      const account = view.orderForm.customerId === null ? null : ((await currentCustomer(request, services))?.email ?? null)
      return sendPage(reply, status, checkoutPage(view, reply.generateCsrf(), error, pickup, account, leaveTo()))
    } catch (e) {
      if (e instanceof PlatformError && PROBLEMS[e.status]) {
        return sendPage(reply, e.status, problemPage(e.status, ...(PROBLEMS[e.status] as [string, string])))
      }
      throw e
    }
  }

  app.get('/checkout', async (request, reply) => show(request, reply, orderFormIdOf(request.query), null))

  app.post('/checkout', { preHandler: app.csrfProtection }, async (request, reply) => {
    const id = orderFormIdOf(request.body)
    if (!id) return show(request, reply, null, null)
    try {
      await services.orderForms.place(id, await viewerOf(request, services), guestEmailOf(request.body))
    } catch (e) {
      if (!(e instanceof PlatformError)) throw e
      if (e.code === 'EMAIL_REQUIRED') return show(request, reply, id, "Inserisci un indirizzo email valido: ti serve per ricevere la conferma e ritrovare l'ordine.", 422)
      if (e.code === 'ACCOUNT_NOT_CONFIRMED') {
        return show(request, reply, id, "Questo carrello appartiene all'account indicato qui sotto e non può essere ordinato come ospite. Se l'account non è il tuo, esci e ricomincia come ospite.", 409)
      }
      if (e.status === 422) return show(request, reply, id, 'Non è stato possibile confermare l’ordine: controlla il carrello e riprova.', 422)
      // Already placed (a repeated click) falls through to the confirmation;
      // unknown or foreign order forms get their error page from show().
      if (e.code !== 'ORDER_FORM_PLACED') return show(request, reply, id, null)
    }
    return reply.redirect(`/checkout?orderFormId=${encodeURIComponent(id)}`, 303)
  })
}
