import { createBaseStore } from '@faststore/sdk'
import { defaultSession } from '../../config/session'
import { createSessionValidator } from './state'

const mario = { id: 'c1', email: 'mario.rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }

function validatorAnswering(answer: unknown) {
  const request = jest.fn(async () => answer) as unknown as Parameters<typeof createSessionValidator>[0]
  return { validate: createSessionValidator(request, 0), request }
}

describe('session validation', () => {
  it('adopts the person the platform cookie belongs to', async () => {
    const { validate, request } = validatorAnswering({ validateSession: { ...defaultSession, person: mario } })
    await expect(validate(defaultSession)).resolves.toEqual({ ...defaultSession, person: mario })
    expect(request).toHaveBeenCalledWith('ValidateSession', { session: defaultSession, search: expect.any(String) })
  })

  it('answers null when the person is unchanged', async () => {
    const { validate } = validatorAnswering({ validateSession: { ...defaultSession, person: mario } })
    await expect(validate({ ...defaultSession, person: mario })).resolves.toBeNull()
  })

  it("takes the postal code of the customer's residential address when it changes, keeping the person (req ADDR-03)", async () => {
    const { validate } = validatorAnswering({ validateSession: { ...defaultSession, person: mario, postalCode: '10138' } })
    await expect(validate({ ...defaultSession, person: mario, postalCode: '16121' })).resolves.toEqual({ ...defaultSession, person: mario, postalCode: '10138' })
    await expect(validate({ ...defaultSession, person: mario, postalCode: '10138' })).resolves.toBeNull()
  })

  it('drops a person the platform no longer knows (logged out elsewhere)', async () => {
    const { validate } = validatorAnswering({ validateSession: { ...defaultSession, person: null } })
    await expect(validate({ ...defaultSession, person: mario })).resolves.toEqual({ ...defaultSession, person: null })
  })

  it('keeps the session as it is when validation keeps failing', async () => {
    const request = jest.fn(async () => {
      throw new Error('offline')
    }) as unknown as Parameters<typeof createSessionValidator>[0]
    await expect(createSessionValidator(request, 0)({ ...defaultSession, person: mario })).resolves.toBeNull()
    expect(request).toHaveBeenCalledTimes(3)
  })

  it("confirms the session only once the platform agrees with the person it holds", async () => {
    const confirmed = createBaseStore(false)
    const request = jest.fn(async () => ({ validateSession: { ...defaultSession, person: mario } })) as unknown as Parameters<typeof createSessionValidator>[0]
    const validate = createSessionValidator(request, 0, confirmed)
    // What storage kept (a guest) is not the cookie's person: not yet confirmed.
    await validate(defaultSession)
    expect(confirmed.read()).toBe(false)
    await validate({ ...defaultSession, person: mario })
    expect(confirmed.read()).toBe(true)
  })

  it('does not confirm a session the platform could not be asked about', async () => {
    const confirmed = createBaseStore(false)
    const request = jest.fn(async () => {
      throw new Error('offline')
    }) as unknown as Parameters<typeof createSessionValidator>[0]
    await createSessionValidator(request, 0, confirmed)(defaultSession)
    expect(confirmed.read()).toBe(false)
  })
})
