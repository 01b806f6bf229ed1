/**
 * The identity check every identity-bearing Function makes first: the person
 * comes from the cookie (401 for a guest), and a shopper the request names
 * must be that person (403), so a hand-made request cannot reach anyone else.
 */
import type { IdentityAdapter } from '../commerce/capabilities'
import { CommerceError } from '../commerce/errors'
import { claimMatches } from '../domain/identity'
import type { Person, RequestContext } from '../domain/types'

export async function requirePerson(identity: IdentityAdapter, ctx: RequestContext, claim: { userId?: string; email?: string } = {}): Promise<Person> {
  const person = await identity.session.person(ctx)
  if (!person) throw new CommerceError(401, 'unauthorized', 'log in first: this needs a logged-in shopper')
  if (!claimMatches(person, claim)) throw new CommerceError(403, 'forbidden', 'the shopper named in the request is not the one logged in')
  return person
}
