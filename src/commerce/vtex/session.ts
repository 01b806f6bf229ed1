/**
 * Who is logged in, from VTEX ID's authentication cookie as the browser sent
 * it (`VtexIdclientAutCookie_{account}`), read through Session Manager. The
 * customer id every identity and favourite-store operation acts on comes from
 * here and from nowhere else: never from an argument, a body or a document.
 */
import { z } from 'zod/v4'
import type { Person, RequestContext } from '../../domain/types'
import { CommerceError } from '../errors'
import { read } from './read'
import type { VtexClient } from './client'

const Value = z.object({ value: z.string() }).optional()
const Session = z.object({
  namespaces: z
    .object({
      profile: z.object({ isAuthenticated: Value, id: Value, email: Value, firstName: Value, lastName: Value }).loose().optional(),
    })
    .loose()
    .optional(),
})

const SESSION_ITEMS = 'profile.isAuthenticated,profile.id,profile.email,profile.firstName,profile.lastName'

/** The VTEX ID cookie's name for the account: without it a request is a guest's, and Session Manager is not asked. */
export const authCookieName = (account: string) => `VtexIdclientAutCookie_${account}`

const hasAuthCookie = (client: VtexClient, ctx: RequestContext) => {
  const name = authCookieName(client.settings.account)
  return (ctx.cookie ?? '').split(';').some((part) => part.trim().startsWith(`${name}=`))
}

/** The logged-in person behind the request's cookie, or null for a guest. */
export async function sessionPerson(client: VtexClient, ctx: RequestContext): Promise<Person | null> {
  if (!hasAuthCookie(client, ctx)) return null
  const answer = await client.call(`/api/sessions?items=${SESSION_ITEMS}`, { ctx })
  const profile = read(Session, answer.body, 'session').namespaces?.profile
  if (profile?.isAuthenticated?.value !== 'true' || !profile.id?.value || !profile.email?.value) return null
  return { id: profile.id.value, email: profile.email.value, givenName: profile.firstName?.value ?? '', familyName: profile.lastName?.value ?? '' }
}

/** The logged-in customer's id, or 401 for a guest. */
export async function customerId(client: VtexClient, ctx: RequestContext): Promise<string> {
  const person = await sessionPerson(client, ctx)
  if (!person) throw new CommerceError(401, 'unauthorized', 'log in first')
  return person.id
}
