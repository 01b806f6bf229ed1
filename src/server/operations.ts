/**
 * The GraphQL-style operations behind /api/graphql (spec §7). Each has a name,
 * a variables schema and a resolver; the Function only dispatches.
 */
import type { z } from 'zod'
import type { CommerceAdapter } from '../commerce/adapter'
import { ValidateCartVariables, ValidateSessionVariables } from './schemas'
import type { RequestContext } from '../domain/types'
import { validateCart } from './validateCart'

interface Operation<S extends z.ZodTypeAny> {
  variables: S
  resolve(commerce: CommerceAdapter, variables: z.infer<S>, ctx: RequestContext): Promise<unknown>
}

const define = <S extends z.ZodTypeAny>(operation: Operation<S>) => operation

export const operations = {
  ValidateCartMutation: define({
    variables: ValidateCartVariables,
    resolve: async (commerce, { cart, shouldSplitItem }, ctx) => {
      const validated = await validateCart(commerce, { ...cart.order, shouldSplitItem }, ctx)
      return {
        validateCart: validated && {
          order: { orderNumber: validated.id, acceptedOffer: validated.items, shouldSplitItem: validated.shouldSplitItem },
          messages: validated.messages,
        },
      }
    },
  }),
  /** The person comes from the platform session cookie; the browser's claim about who it is is ignored. */
  ValidateSession: define({
    variables: ValidateSessionVariables,
    resolve: async (commerce, { session }, ctx) => {
      const person = await commerce.session.person(ctx)
      return { validateSession: { ...session, person } }
    },
  }),
} satisfies Record<string, Operation<z.ZodTypeAny>>

export type OperationName = keyof typeof operations

export function isOperationName(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(operations, name)
}

/** Spec §7: operations whose name ends in Query are read with GET; everything else is POSTed. */
export function methodFor(operationName: string): 'GET' | 'POST' {
  return operationName.endsWith('Query') ? 'GET' : 'POST'
}
