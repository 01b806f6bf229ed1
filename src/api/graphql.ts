/**
 * /api/graphql — the GraphQL-style endpoint (req CALL-12, CALL-13, CALL-14). The
 * operation named in the query string chooses the method and the resolver
 * (src/handlers/operations.ts); how the request is read and a failure written
 * is in src/handlers/graphql.ts.
 */
import { getCommerce } from '../commerce'
import { graphqlErrorBody, operationNameOf, variablesOf } from '../handlers/graphql'
import { defineFunction, functionSettings } from '../handlers/http'
import { operations } from '../handlers/operations'
import { graphqlMethod } from '../wire/routes'

export const { config } = functionSettings

export default defineFunction(
  (req) => {
    const name = operationNameOf(req)
    const method = graphqlMethod(name)
    return {
      methods: [method],
      wrongMethod: `${name} must be sent with ${method}`,
      handle: async ({ ctx }) => ({ data: await operations[name].run(getCommerce(), variablesOf(req, name), ctx) }),
    }
  },
  { errorBody: graphqlErrorBody },
)
