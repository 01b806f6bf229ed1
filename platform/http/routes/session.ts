import type { FastifyInstance } from 'fastify'
import { LoginBody, type ProfileAnswer, type SessionAnswer } from '../../wire'
import { toPerson } from '../../identity/customers'
import { PlatformError } from '../../lib/errors'
import { parse } from '../errors'
import { logIn, tooManyLogins } from '../login'
import { currentCustomer, endSession, requireCustomer } from '../session'
import type { Services } from '../services'

export function registerSessionRoutes(app: FastifyInstance, services: Services): void {
  app.get('/api/session', async (request): Promise<SessionAnswer> => {
    const customer = await currentCustomer(request, services)
    return { person: customer ? toPerson(customer) : null }
  })

  app.post('/api/session/login', async (request, reply): Promise<SessionAnswer> => {
    const { email, password } = parse(LoginBody, request.body, 'body')
    const outcome = await logIn(request, reply, services, email, password)
    if (outcome.customer) return { person: toPerson(outcome.customer) }
    if (outcome.retryAfterSeconds) throw tooManyLogins(outcome.retryAfterSeconds)
    throw new PlatformError(401, 'INVALID_CREDENTIALS', 'email or password is wrong')
  })

  app.post('/api/session/logout', async (request, reply): Promise<SessionAnswer> => {
    await endSession(request, reply, services)
    return { person: null }
  })

  app.get('/api/session/profile', async (request): Promise<ProfileAnswer> => {
    const customer = await requireCustomer(request, services)
    return { bkId: customer.bkId, arcacard: customer.arcacard, profilingConsent: customer.profilingConsent, isVet: customer.isVet }
  })
}
