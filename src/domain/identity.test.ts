import { claimMatches, sessionPostalCode } from './identity'
import type { Address, Person } from './types'

const address = (addressType: Address['addressType'], country: string, postalCode: string): Address => ({ addressType, country, postalCode })

describe('sessionPostalCode (req ID-06)', () => {
  it('takes the residential address in country ITA, whatever comes first', () => {
    expect(sessionPostalCode([address('commercial', 'ITA', '20121'), address('residential', 'ITA', '16121')])).toBe('16121')
  })

  it('ignores a residential address abroad and every non-residential one', () => {
    expect(sessionPostalCode([address('residential', 'CHE', '6900'), address('commercial', 'ITA', '20121'), address('pickup', 'ITA', '10121')])).toBeNull()
    expect(sessionPostalCode([])).toBeNull()
  })
})

describe('claimMatches (req ID-03)', () => {
  const mario: Person = { id: 'u1', email: 'Mario.Rossi@example.it', givenName: 'Mario', familyName: 'Rossi' }

  it('accepts the cookie person\'s own id and email (any case) and no claim at all', () => {
    expect(claimMatches(mario, { userId: 'u1' })).toBe(true)
    expect(claimMatches(mario, { email: ' mario.rossi@EXAMPLE.it ' })).toBe(true)
    expect(claimMatches(mario, {})).toBe(true)
  })

  it('refuses another id or email', () => {
    expect(claimMatches(mario, { userId: 'u2' })).toBe(false)
    expect(claimMatches(mario, { email: 'giulia.bianchi@example.it' })).toBe(false)
    expect(claimMatches(mario, { userId: 'u1', email: 'giulia.bianchi@example.it' })).toBe(false)
  })
})
