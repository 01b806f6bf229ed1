/**
 * The account screens' HTML: the account page with a section for each link of
 * the storefront's account menu, an order's page with "Riordina" and its
 * outcome, the address and profile forms, the erasure's confirmation, and the
 * 404 of an order or address that is not the customer's. Plain functions of
 * what the routes (routes.ts) read; every value is escaped by `html`.
 */
import type { CustomerOrder, Reorder } from '../../cart/customer-orders'
import { MAX_ADDRESSES, type AddressInput, type BookAddress } from '../../identity/addresses'
import type { Customer } from '../../identity/customers'
import type { Wishlists } from '../../identity/wishlists'
import { tokenField } from '../auth'
import { formatEuro, html, layout, type SafeHtml } from '../html'
import type { ProfileValues } from './forms'

type AccountWishlist = Awaited<ReturnType<Wishlists['listForPage']>>

const DATE = new Intl.DateTimeFormat('it-IT', { dateStyle: 'long', timeZone: 'Europe/Rome' })

/** A placed order's date the Italian way: "26 novembre 2026". */
export function orderDate(iso: string): string {
  return DATE.format(new Date(iso))
}

const ADDRESS_TYPES: Record<BookAddress['addressType'], string> = {
  residential: 'Indirizzo di residenza',
  commercial: 'Indirizzo di lavoro',
  pickup: 'Punto di ritiro',
  shipping: 'Indirizzo di spedizione',
}

/** The account menu's sections, in its order, plus the customer's data. */
const SECTIONS: [string, string][] = [
  ['/profile', 'Dati personali'],
  ['/orders', 'I miei ordini'],
  ['/loyalty', 'Carta Fedeltà'],
  ['/wishlist', 'Wishlist'],
  ['/addresses', 'Indirizzi'],
  ['/privacy', 'I tuoi dati'],
]

function deliveryText(order: CustomerOrder): SafeHtml {
  const store = order.pickupStore
  return store
    ? html`Ritiro in negozio: <strong>${store.name}</strong>, ${store.street}, ${store.postalCode} ${store.city}`
    : html`Consegna a domicilio`
}

function orderSummary(order: CustomerOrder): SafeHtml {
  const lines = order.orderForm.items.filter((item) => !item.isGift)
  return html`<li class="order" data-testid="account-order" data-order-number="${order.orderNumber}">
  <div class="order-head"><a href="/account/orders/${encodeURIComponent(order.orderNumber)}"><strong>${order.orderNumber}</strong></a>
  <span class="badge ok-badge" data-testid="account-order-status">Confermato</span></div>
  <div class="muted">Effettuato il <span data-testid="account-order-date">${orderDate(order.placedAt)}</span> · ${deliveryText(order)}</div>
  <ul class="order-lines">${lines.map((item) => html`<li data-sku="${item.sku}">${item.productName} <span class="muted">${item.variantName}</span> × ${item.quantity}</li>`)}</ul>
  <div class="order-foot"><span>Totale <strong data-testid="account-order-total">${formatEuro(order.orderForm.totals.total)}</strong></span>
  <a class="button secondary" href="/account/orders/${encodeURIComponent(order.orderNumber)}">Dettagli e Riordina<span class="visually-hidden"> l'ordine ${order.orderNumber}</span></a></div>
</li>`
}

function addressText(address: BookAddress): SafeHtml {
  return html`<strong>${address.recipient || '—'}</strong><br>${address.street}<br>${address.postalCode} ${address.city}${address.province ? ` (${address.province})` : ''} · ${address.country}${address.phone ? html`<br>Tel. ${address.phone}` : null}`
}

function addressItem(address: BookAddress, token: string): SafeHtml {
  const residential = address.addressType === 'residential'
  return html`<li class="address" data-testid="account-address" data-address-id="${address.id}" data-residential="${residential ? 'true' : 'false'}">
  <p class="badge${residential ? '' : ' plain'}">${ADDRESS_TYPES[address.addressType]}</p>
  <p>${addressText(address)}</p>
  <div class="actions">
    <a class="button secondary" href="/account/addresses/${encodeURIComponent(address.id)}/edit" data-testid="account-address-edit">Modifica<span class="visually-hidden"> ${address.street}</span></a>
    ${residential
      ? null
      : html`<form method="post" action="/account/addresses/${encodeURIComponent(address.id)}/residential">${tokenField(token)}<button type="submit" class="secondary" data-testid="account-address-residential">Imposta come residenza<span class="visually-hidden"> ${address.street}</span></button></form>`}
    <form method="post" action="/account/addresses/${encodeURIComponent(address.id)}/delete">${tokenField(token)}<button type="submit" class="secondary" data-testid="account-address-delete">Elimina<span class="visually-hidden"> ${address.street}</span></button></form>
  </div>
</li>`
}

export interface AccountView {
  customer: Customer
  orders: CustomerOrder[]
  addresses: BookAddress[]
  wishlist: AccountWishlist
  storefront: string
  token: string
  notice: { text: string; section: string } | null
}

function noticeIn(view: AccountView, section: string): SafeHtml | null {
  return view.notice?.section === section ? html`<p class="error" role="alert" data-testid="account-${section}-error">${view.notice.text}</p>` : null
}

function accountBody(view: AccountView): SafeHtml {
  const { customer, orders, addresses, wishlist, storefront, token } = view
  return html`<h1>Ciao ${customer.givenName}</h1>
<nav class="sections" aria-label="Sezioni del tuo account"><ul>${SECTIONS.map(([id, label]) => html`<li><a href="#${id}">${label}</a></li>`)}</ul></nav>
<section class="card" id="/profile" data-testid="account-person" aria-labelledby="profile-title">
  <h2 id="profile-title">Dati personali</h2>
  <dl>
    <dt>Nome</dt><dd>${customer.givenName}</dd>
    <dt>Cognome</dt><dd>${customer.familyName}</dd>
    <dt>Email</dt><dd>${customer.email}</dd>
  </dl>
  ${customer.isVet ? html`<p><span class="badge" data-testid="account-vet">Medico veterinario</span></p>` : null}
  <p><a class="button secondary" href="/account/profile/edit" data-testid="account-profile-edit">Modifica i tuoi dati</a></p>
</section>
<section class="card" id="/orders" data-testid="account-orders" aria-labelledby="orders-title">
  <h2 id="orders-title">I miei ordini</h2>
  ${orders.length === 0
    ? html`<p class="muted" data-testid="account-orders-empty">Non hai ancora effettuato ordini. Quando ne farai uno, lo ritroverai qui.</p>`
    : html`<ul class="orders">${orders.map(orderSummary)}</ul>`}
</section>
<section class="card" id="/loyalty" data-testid="account-loyalty" aria-labelledby="loyalty-title">
  <h2 id="loyalty-title">La mia Carta Fedeltà</h2>
  <dl>
    <dt>Codice cliente</dt><dd data-testid="account-bkid">${customer.bkId}</dd>
    <dt>Numero carta</dt><dd data-testid="account-arcacard">${customer.arcacard}</dd>
    <dt>Consenso profilazione</dt><dd>${customer.profilingConsent ? 'Sì' : 'No'}</dd>
  </dl>
  <p class="muted">Mostra il numero della carta in cassa nei negozi: i punti degli acquisti online si sommano a quelli in negozio.</p>
</section>
<section class="card" id="/wishlist" data-testid="account-wishlist" aria-labelledby="wishlist-title">
  <h2 id="wishlist-title">La tua wishlist</h2>
  ${noticeIn(view, 'wishlist')}
  ${wishlist.length === 0
    ? html`<p class="muted">Salva i prodotti che ti interessano dalle pagine del negozio per ritrovarli facilmente.</p>`
    : html`<ul class="stack">${wishlist.map(
        (item) => html`<li data-testid="account-wishlist-item" data-sku="${item.sku}">
  <a href="${storefront}/${item.productSlug}/p?skuId=${encodeURIComponent(item.sku)}"><strong>${item.productName}</strong></a> <span class="muted">${item.variantName}</span>
  <form method="post" action="/account/wishlist/cart">
    ${tokenField(token)}
    <input type="hidden" name="itemId" value="${item.id}">
    <button type="submit" data-testid="account-wishlist-buy">Aggiungi al carrello</button>
  </form>
</li>`,
      )}</ul>`}
</section>
<section class="card" id="/addresses" data-testid="account-addresses" aria-labelledby="addresses-title">
  <h2 id="addresses-title">I miei indirizzi</h2>
  ${noticeIn(view, 'addresses')}
  <p class="muted">Il CAP dell'indirizzo di residenza è quello che il negozio usa per i tempi di consegna e i negozi vicini.</p>
  ${addresses.length === 0 ? html`<p class="muted" data-testid="account-addresses-empty">Non hai ancora salvato indirizzi.</p>` : html`<ul class="addresses">${addresses.map((a) => addressItem(a, token))}</ul>`}
  ${addresses.length < MAX_ADDRESSES ? html`<p><a class="button" href="/account/addresses/new" data-testid="account-address-add">Aggiungi un indirizzo</a></p>` : html`<p class="muted">Hai raggiunto il numero massimo di ${MAX_ADDRESSES} indirizzi.</p>`}
</section>
<section class="card" id="/privacy" data-testid="account-privacy" aria-labelledby="privacy-title">
  <h2 id="privacy-title">I tuoi dati</h2>
  <p>Puoi scaricare in un file JSON tutto ciò che il negozio conserva su di te: dati personali, carta fedeltà, indirizzi, ordini, carrello, wishlist e negozio preferito.</p>
  <p><a class="button secondary" href="/account/data" download data-testid="account-data-download">Scarica i tuoi dati</a></p>
  <p>Puoi anche eliminare il tuo account: i dati personali vengono cancellati, gli ordini restano al negozio in forma anonima per la contabilità.</p>
  <p><a class="button secondary" href="/account/delete" data-testid="account-delete-link">Elimina l'account</a></p>
</section>
<form method="post" action="/logout"><input type="hidden" name="returnUrl" value="/login"><button type="submit">Esci</button></form>`
}

function backLink(section: string, label: string): SafeHtml {
  return html`<p><a href="/account#/${section}">← ${label}</a></p>`
}

/** The account page: the customer's sections, with a notice in one of them when an action there failed. */
export function accountPage(view: AccountView): string {
  return layout('Il tuo account', accountBody(view))
}

export function orderPage(order: CustomerOrder, token: string, outcome: Reorder | null, storefront: string): string {
  const form = order.orderForm
  const regular = form.items.filter((item) => !item.isGift)
  const gifts = form.items.filter((item) => item.isGift)
  const line = (item: (typeof form.items)[number]) => html`<li class="line" data-testid="order-line" data-sku="${item.sku}">
  <img src="${item.image.url}?w=128" alt="" width="64" height="64" loading="lazy">
  <div><div class="name">${item.productName}</div><div class="muted">${item.variantName}${item.isGift ? html` · <span class="badge">Omaggio</span>` : null}</div>
  <div class="muted">Quantità: <span data-testid="order-line-quantity">${item.quantity}</span> · Prezzo unitario: ${formatEuro(item.price)}</div></div>
  <div class="total">${formatEuro(Math.round(item.price * item.quantity * 100) / 100)}</div>
</li>`
  return layout(
    `Ordine ${order.orderNumber}`,
    html`${backLink('orders', 'I miei ordini')}
<div class="card" data-testid="order" data-order-number="${order.orderNumber}">
  <h1>Ordine <span class="nowrap">${order.orderNumber}</span></h1>
  ${outcome ? reorderOutcome(outcome, storefront) : null}
  <dl>
    <dt>Data</dt><dd>${orderDate(order.placedAt)}</dd>
    <dt>Stato</dt><dd data-testid="order-status">Confermato</dd>
    <dt>${order.pickupStore ? 'Ritiro' : 'Consegna'}</dt><dd data-testid="order-delivery">${deliveryText(order)}</dd>
  </dl>
  <h2>Articoli</h2>
  <ul class="lines">${regular.map(line)}</ul>
  ${gifts.length ? html`<h2>Omaggi</h2><ul class="lines">${gifts.map(line)}</ul>` : null}
  <div class="totals"><span>Totale</span><span data-testid="order-total">${formatEuro(form.totals.total)}</span></div>
  <form method="post" action="/account/orders/${encodeURIComponent(order.orderNumber)}/reorder" class="confirm">
    ${tokenField(token)}
    <button type="submit" data-testid="order-reorder">Riordina</button>
    <p class="muted">Aggiunge al tuo carrello gli articoli ancora disponibili, nella quantità ordinata se possibile.</p>
  </form>
</div>`,
  )
}

function reorderOutcome(outcome: Reorder, storefront: string): SafeHtml {
  return html`<div class="outcome ${outcome.added.length ? 'ok' : 'notice'}" role="status" data-testid="reorder-outcome">
  ${outcome.added.length
    ? html`<p><strong>Aggiunti al carrello:</strong></p><ul>${outcome.added.map(
        (line) => html`<li data-testid="reorder-added" data-sku="${line.sku}">${line.name} × ${line.quantity}${line.note ? html` <span class="muted">(${line.note})</span>` : null}</li>`,
      )}</ul>`
    : html`<p><strong>Nessun articolo è stato aggiunto al carrello.</strong></p>`}
  ${outcome.skipped.length
    ? html`<p><strong>Non aggiunti:</strong></p><ul>${outcome.skipped.map((line) => html`<li data-testid="reorder-skipped" data-sku="${line.sku}">${line.name}: ${line.reason}</li>`)}</ul>`
    : null}
  ${outcome.added.length && storefront ? html`<p><a class="button" href="${storefront}/" data-testid="reorder-to-shop">Vai al negozio e al carrello</a></p>` : null}
</div>`
}

export function addressFormPage(token: string, action: string, title: string, input: AddressInput, problems: string[], residentialShown: boolean): string {
  return layout(
    title,
    html`${backLink('addresses', 'I miei indirizzi')}
<div class="card">
  <h1>${title}</h1>
  ${problems.length ? html`<div class="error" role="alert" data-testid="address-error">${problems.map((p) => html`<div>${p}</div>`)}</div>` : null}
  <form class="stack" method="post" action="${action}">
    ${tokenField(token)}
    <label>Destinatario<input type="text" name="recipient" autocomplete="name" required maxlength="120" value="${input.recipient}"></label>
    <label>Indirizzo (via e numero civico)<input type="text" name="street" autocomplete="street-address" required maxlength="200" value="${input.street}"></label>
    <label>CAP<input type="text" name="postalCode" autocomplete="postal-code" inputmode="numeric" required pattern="[0-9]{5}" maxlength="5" value="${input.postalCode}"></label>
    <label>Città<input type="text" name="city" autocomplete="address-level2" required maxlength="80" value="${input.city}"></label>
    <label>Provincia (sigla)<input type="text" name="province" autocomplete="address-level1" required pattern="[A-Za-z]{2}" maxlength="2" value="${input.province}"></label>
    <label>Telefono (facoltativo)<input type="tel" name="phone" autocomplete="tel" maxlength="20" value="${input.phone}"></label>
    <p class="muted">Spediamo solo in Italia.</p>
    ${residentialShown ? html`<label class="check"><input type="checkbox" name="residential" value="1" ${input.residential ? html`checked` : null}> Usa come indirizzo di residenza</label>` : null}
    <button type="submit" data-testid="address-save">Salva indirizzo</button>
  </form>
</div>`,
  )
}

export function profilePage(token: string, email: string, values: ProfileValues, problems: string[]): string {
  return layout(
    'Modifica i tuoi dati',
    html`${backLink('profile', 'Dati personali')}
<div class="card">
  <h1>Modifica i tuoi dati</h1>
  ${problems.length ? html`<div class="error" role="alert" data-testid="profile-error">${problems.map((p) => html`<div>${p}</div>`)}</div>` : null}
  <form class="stack" method="post" action="/account/profile">
    ${tokenField(token)}
    <label>Nome<input type="text" name="givenName" autocomplete="given-name" required maxlength="80" value="${values.givenName}"></label>
    <label>Cognome<input type="text" name="familyName" autocomplete="family-name" required maxlength="80" value="${values.familyName}"></label>
    <p class="muted">Email: <strong>${email}</strong>. È il nome con cui accedi e non si cambia da qui.</p>
    <label class="check"><input type="checkbox" name="profilingConsent" value="1" ${values.profilingConsent ? html`checked` : null}> Acconsento alla profilazione per offerte personalizzate</label>
    <button type="submit" data-testid="profile-save">Salva</button>
  </form>
</div>`,
  )
}

export function deletePage(token: string, error: string | null): string {
  return layout(
    "Elimina l'account",
    html`${backLink('privacy', 'I tuoi dati')}
<div class="card">
  <h1>Elimina il tuo account</h1>
  ${error ? html`<p class="error" role="alert" data-testid="account-delete-error">${error}</p>` : null}
  <p>Eliminando l'account:</p>
  <ul>
    <li>cancelliamo nome, email, password, carta fedeltà, indirizzi, wishlist, negozio preferito e carrello salvato;</li>
    <li>chiudiamo ogni accesso aperto, su tutti i dispositivi;</li>
    <li>conserviamo gli ordini effettuati, senza più alcun legame con te, perché la legge ci chiede di tenere la contabilità.</li>
  </ul>
  <p><strong>L'operazione non si può annullare.</strong> Se vuoi una copia dei tuoi dati, <a href="/account/data" download>scaricala prima</a>.</p>
  <form class="stack" method="post" action="/account/delete">
    ${tokenField(token)}
    <label>Per confermare, inserisci la tua password<input type="password" name="password" autocomplete="current-password" required></label>
    <button type="submit" class="danger" data-testid="account-delete-confirm">Elimina definitivamente l'account</button>
  </form>
</div>`,
  )
}

export function deletedPage(storefront: string): string {
  return layout(
    'Account eliminato',
    html`<div class="card" data-testid="account-deleted"><h1>Il tuo account è stato eliminato</h1>
<p>Abbiamo cancellato i tuoi dati personali e chiuso ogni accesso. Gli ordini effettuati restano al negozio in forma anonima.</p>
<p><a href="${storefront || '/login'}">${storefront ? 'Torna al negozio' : "Vai all'accesso"}</a></p></div>`,
  )
}

export function notFoundPage(title: string, text: string, section: string): string {
  return layout(title, html`<div class="card" data-testid="account-not-found"><h1>${title}</h1><p>${text}</p>${backLink(section, 'Torna al tuo account')}</div>`)
}

export const ORDER_NOT_FOUND = ['Ordine non trovato', 'Tra i tuoi ordini non ce n’è uno con questo numero.', 'orders'] as const
export const ADDRESS_NOT_FOUND = ['Indirizzo non trovato', 'Tra i tuoi indirizzi non ce n’è uno così: forse lo hai già eliminato.', 'addresses'] as const
