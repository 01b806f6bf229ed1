import { defaultSession } from '../../config/session'
import { createSessionValidator } from './store'

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
})
