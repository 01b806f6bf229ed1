/**
 * The resolvers of the GraphQL-style operations behind /api/graphql (req CALL-12, CALL-13).
 * Each operation's variables and data are defined in src/wire/routes.ts; here
 * each name gets the resolver, and the Function only dispatches.
 */
import type { z } from 'zod/v4/mini'
import '../wire/parserNow'
import type { Commerce } from '../commerce/capabilities'
import { sessionPostalCode } from '../domain/identity'
import type { RequestContext } from '../domain/types'
import { graphqlOperations, type OperationName, type OperationResult } from '../wire/routes'
import type { Schema } from '../wire/schema'
import { parse } from './input'
import { validateCart } from './validateCart'

export interface ResolvedOperation<R> {
  /** Parses the variables (a 400 naming the problem when they do not fit), then resolves. */
  run(commerce: Commerce, variables: unknown, ctx: RequestContext): Promise<R>
}

/** Ties a resolver to its operation's schemas: it receives the parsed variables and must answer what the data schema accepts. */
function resolver<V, D extends z.ZodMiniType>(
  operation: { variables: Schema<V>; data: D },
  resolve: (commerce: Commerce, variables: V, ctx: RequestContext) => Promise<z.input<D>>,
): ResolvedOperation<z.input<D>> {
  return { run: (commerce, variables, ctx) => resolve(commerce, parse(operation.variables, variables, 'variables'), ctx) }
}

export const operations: { [N in OperationName]: ResolvedOperation<OperationResult<N>> } = {
  ValidateCartMutation: resolver(graphqlOperations.ValidateCartMutation, async (commerce, { cart, shouldSplitItem }, ctx) => {
    const validated = await validateCart(commerce.cart, { ...cart.order, shouldSplitItem }, ctx)
    return {
      validateCart: validated && {
        order: { orderNumber: validated.id, acceptedOffer: validated.items, shouldSplitItem: validated.shouldSplitItem },
        messages: validated.messages,
      },
    }
  }),
  /**
   * The person comes from the platform session cookie; the browser's claim about
   * who it is is ignored. A logged-in person brings their loyalty-card data, and
   * their residential address in Italy the session's postal code (req ID-06).
   */
  ValidateSession: resolver(graphqlOperations.ValidateSession, async (commerce, { session }, ctx) => {
    const person = await commerce.identity.session.person(ctx)
    if (!person) return { validateSession: { ...session, person: null } }
    const [profile, addresses] = await Promise.all([commerce.identity.session.profile(ctx), commerce.identity.session.addresses(ctx)])
    return {
      validateSession: {
        ...session,
        postalCode: sessionPostalCode(addresses) ?? session.postalCode,
        person: { ...person, bk_id: profile?.bkId ?? null, arcacard: profile?.arcacard ?? null, profilingConsent: profile?.profilingConsent ?? null },
      },
    }
  }),
}
