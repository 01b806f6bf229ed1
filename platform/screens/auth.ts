import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod/v4'
import { clientKey, REGISTRATION_THROTTLE } from '../identity/throttle'
import { normaliseEmail } from '../identity/customers'
import { PlatformError } from '../lib/errors'
import { logIn } from '../http/login'
import { endSession } from '../http/session'
import type { Services } from '../http/services'
import { CSRF_FIELD } from '../http/security'
import { html, layout, sendPage, type SafeHtml } from './html'
import { safeReturnUrl } from './return-url'

// Any field names, rather than z.record: a record takes an object with an own `constructor` field for no plain object and refuses the whole form.
const Form = z.object({}).catchall(z.union([z.string(), z.array(z.string())]))

/** Form fields as single strings (the first value wins when a field repeats). */
export function formFields(body: unknown): Record<string, string> {
  const parsed = Form.safeParse(body ?? {})
  if (!parsed.success) return {}
  return Object.fromEntries(Object.entries(parsed.data).map(([k, v]) => [k, Array.isArray(v) ? (v[0] ?? '') : v]))
}

function query(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>
}

const EMAIL = z.string().trim().email().max(254)

/** The form's CSRF token (checked by verifyFormToken on the post). */
export function tokenField(token: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`
}

/** The login form: on the login page and on the page that answers a registration. */
function loginForm(token: string, returnUrl: string, email: string): SafeHtml {
  return html`<form class="stack" method="post" action="/login">
    ${tokenField(token)}
    <input type="hidden" name="returnUrl" value="${returnUrl}">
    <label>Email<input type="email" name="email" autocomplete="email" required value="${email}"></label>
    <label>Password<input type="password" name="password" autocomplete="current-password" required></label>
    <button type="submit">Accedi</button>
  </form>`
}

function logoutPage(token: string, returnUrl: string): string {
  return layout(
    'Esci',
    html`<div class="card">
  <h1>Vuoi uscire dal tuo account?</h1>
  <form method="post" action="/logout">
    ${tokenField(token)}
    <input type="hidden" name="returnUrl" value="${returnUrl}">
    <button type="submit">Esci</button>
  </form>
</div>`,
  )
}

function loginPage(token: string, returnUrl: string, email: string, error: string | null): string {
  return layout(
    'Accedi',
    html`<div class="card">
  <h1>Accedi</h1>
  ${error ? html`<p class="error" role="alert" data-testid="login-error">${error}</p>` : null}
  ${loginForm(token, returnUrl, email)}
  <p class="muted">Nuovo cliente? <a href="/register?returnUrl=${encodeURIComponent(returnUrl)}">Inizia qui</a></p>
</div>`,
  )
}

interface RegisterValues {
  givenName: string
  familyName: string
  email: string
  profilingConsent: boolean
}

function registerPage(token: string, returnUrl: string, values: RegisterValues, errors: string[], storefront: string): string {
  return layout(
    'Registrati',
    html`<div class="card">
  <h1>Crea il tuo account</h1>
  ${errors.length ? html`<div class="error" role="alert" data-testid="register-error">${errors.map((e) => html`<div>${e}</div>`)}</div>` : null}
  <form class="stack" method="post" action="/register">
    ${tokenField(token)}
    <input type="hidden" name="returnUrl" value="${returnUrl}">
    <label>Nome<input type="text" name="givenName" autocomplete="given-name" required maxlength="80" value="${values.givenName}"></label>
    <label>Cognome<input type="text" name="familyName" autocomplete="family-name" required maxlength="80" value="${values.familyName}"></label>
    <label>Email<input type="email" name="email" autocomplete="email" required value="${values.email}"></label>
    <label>Password<input type="password" name="password" autocomplete="new-password" required minlength="8"></label>
    <label class="check"><input type="checkbox" name="profilingConsent" value="1" ${values.profilingConsent ? html`checked` : null}> Acconsento alla profilazione per offerte personalizzate</label>
    <p class="muted">Leggi l'<a href="${storefront}/privacy" data-testid="register-privacy">informativa sulla privacy</a> prima di registrarti.</p>
    <button type="submit">Registrati</button>
  </form>
  <p class="muted">Hai già un account? <a href="/login?returnUrl=${encodeURIComponent(returnUrl)}">Accedi</a></p>
</div>`,
  )
}

/**
 * The one answer to a well-formed registration, whether the email was free
 * (the account is created) or already had an account (nothing changes, no one
 * is logged in): the same status and text either way, so the page does not
 * tell anyone which emails have accounts. The shopper logs in from here.
 */
function registeredPage(token: string, returnUrl: string, email: string): string {
  return layout(
    'Registrazione ricevuta',
    html`<div class="card">
  <h1>Registrazione ricevuta</h1>
  <p data-testid="register-done">Se per questa email non c'era ancora un account, lo abbiamo creato: accedi con la tua email e la password che hai scelto. Se un account c'era già, non lo abbiamo modificato: accedi con la sua password.</p>
  ${loginForm(token, returnUrl, email)}
</div>`,
  )
}

/** A wait in Italian, in seconds under a minute, else in whole minutes rounded up: "1 secondo", "40 secondi", "3 minuti". */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 secondo' : `${seconds} secondi`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? '1 minuto' : `${minutes} minuti`
}

function tooManyRegistrationsPage(retryAfterSeconds: number): string {
  return layout(
    'Troppe richieste',
    html`<div class="card"><h1>Troppe richieste</h1><p class="error" role="alert" data-testid="register-error">Troppe richieste di registrazione da questa connessione. Riprova tra ${waitText(retryAfterSeconds)}.</p></div>`,
  )
}

/** Login, registration and logout screens: the platform's own forms, in Italian. */
export function registerAuthScreens(app: FastifyInstance, services: Services): void {
  const returnTo = (request: FastifyRequest, raw: unknown, fallback = '/account'): string =>
    safeReturnUrl(raw, services.returnOrigins(), fallback)

  const checked = { preHandler: app.csrfProtection }

  app.get('/login', async (request, reply) => {
    return sendPage(reply, 200, loginPage(reply.generateCsrf(), returnTo(request, query(request).returnUrl), '', null))
  })

  app.post('/login', checked, async (request, reply) => {
    const fields = formFields(request.body)
    const returnUrl = returnTo(request, fields.returnUrl)
    const email = EMAIL.safeParse(fields.email ?? '')
    const password = fields.password ?? ''
    const outcome = email.success && password ? await logIn(request, reply, services, email.data, password) : null
    if (outcome?.customer) return reply.redirect(returnUrl, 303)
    if (outcome?.retryAfterSeconds) {
      void reply.header('retry-after', String(outcome.retryAfterSeconds))
      const wait = `Troppi tentativi di accesso non riusciti da questa connessione. Riprova tra ${waitText(outcome.retryAfterSeconds)}.`
      return sendPage(reply, 429, loginPage(reply.generateCsrf(), returnUrl, fields.email ?? '', wait))
    }
    return sendPage(reply, 401, loginPage(reply.generateCsrf(), returnUrl, fields.email ?? '', 'Email o password non corretti.'))
  })

  app.get('/register', async (request, reply) => {
    const empty = { givenName: '', familyName: '', email: '', profilingConsent: false }
    return sendPage(reply, 200, registerPage(reply.generateCsrf(), returnTo(request, query(request).returnUrl), empty, [], services.storefront()))
  })

  app.post('/register', checked, async (request, reply) => {
    const fields = formFields(request.body)
    const returnUrl = returnTo(request, fields.returnUrl)
    const values: RegisterValues = {
      givenName: (fields.givenName ?? '').trim(),
      familyName: (fields.familyName ?? '').trim(),
      email: (fields.email ?? '').trim(),
      profilingConsent: fields.profilingConsent !== undefined,
    }
    const password = fields.password ?? ''
    const errors: string[] = []
    if (!values.givenName || values.givenName.length > 80) errors.push('Inserisci il tuo nome (massimo 80 caratteri).')
    if (!values.familyName || values.familyName.length > 80) errors.push('Inserisci il tuo cognome (massimo 80 caratteri).')
    if (!EMAIL.safeParse(values.email).success) errors.push('Inserisci un indirizzo email valido.')
    if (password.length < 8 || password.length > 200) errors.push('La password deve avere almeno 8 caratteri.')
    if (errors.length) return sendPage(reply, 400, registerPage(reply.generateCsrf(), returnUrl, values, errors, services.storefront()))
    // Every well-formed request counts, per (email, client) and per client (REGISTRATION_THROTTLE).
    const client = clientKey(request.ip)
    const wait = await services.throttle.attempt([
      { key: `register:pair:${normaliseEmail(values.email)} ${client}`, rule: REGISTRATION_THROTTLE.pair },
      { key: `register:ip:${client}`, rule: REGISTRATION_THROTTLE.address },
    ])
    if (wait > 0) {
      void reply.header('retry-after', String(wait))
      return sendPage(reply, 429, tooManyRegistrationsPage(wait))
    }
    try {
      await services.identity.register({ ...values, password })
    } catch (error) {
      // An email that already has an account gets the same answer, and the account stays as it was.
      if (!(error instanceof PlatformError && error.code === 'EMAIL_TAKEN')) throw error
    }
    return sendPage(reply, 200, registeredPage(reply.generateCsrf(), returnUrl, values.email))
  })

  /**
   * Logout changes state, so it is a POST: from this site's own forms, or from
   * the storefront's (a trusted origin; other origins are refused before this
   * runs). `scope` (the account name) is accepted as the provider's logout
   * takes it. A GET only shows the form, so a link or an image logs no one out.
   */
  app.get('/logout', async (request, reply) => {
    return sendPage(reply, 200, logoutPage(reply.generateCsrf(), returnTo(request, query(request).returnUrl, '/login')))
  })

  app.post('/logout', async (request, reply) => {
    await endSession(request, reply, services)
    return reply.redirect(returnTo(request, formFields(request.body).returnUrl ?? query(request).returnUrl, '/login'), 303)
  })
}
