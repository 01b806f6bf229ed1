import { hashPassword } from '../../identity/password'
import { arcacardNumber, bkId } from '../../identity/loyalty-card'

export interface SeedCustomer {
  id: string
  email: string
  givenName: string
  familyName: string
  password: string
  isVet: boolean
  bkId: string
  arcacard: string
  profilingConsent: boolean
}

/** The documented test accounts (see platform/README.md). */
export const SEED_CUSTOMERS: SeedCustomer[] = [
  {
    id: 'a3e1c0de-0001-4000-8000-000000000001',
    email: 'mario.rossi@example.it',
    givenName: 'Mario',
    familyName: 'Rossi',
    password: 'Password123!',
    isVet: false,
    bkId: bkId(100001),
    arcacard: arcacardNumber(100001),
    profilingConsent: true,
  },
  {
    id: 'a3e1c0de-0002-4000-8000-000000000002',
    email: 'giulia.bianchi@example.it',
    givenName: 'Giulia',
    familyName: 'Bianchi',
    password: 'Password123!',
    isVet: true,
    bkId: bkId(100002),
    arcacard: arcacardNumber(100002),
    profilingConsent: true,
  },
  {
    id: 'a3e1c0de-0003-4000-8000-000000000003',
    email: 'luca.verdi@example.it',
    givenName: 'Luca',
    familyName: 'Verdi',
    password: 'Password123!',
    isVet: false,
    bkId: bkId(100003),
    arcacard: arcacardNumber(100003),
    profilingConsent: false,
  },
]

/** Each seed customer's addresses: a residential one in Italy gives the session its postal code (req ID-06). */
export const SEED_ADDRESSES: { id: string; customerId: string; type: 'residential' | 'commercial'; recipient: string; country: string; postalCode: string; city: string; province: string; street: string }[] = [
  { id: 'addr-0001-res', customerId: 'a3e1c0de-0001-4000-8000-000000000001', type: 'residential', recipient: 'Mario Rossi', country: 'ITA', postalCode: '16121', city: 'Genova', province: 'GE', street: 'Via XX Settembre 10' },
  { id: 'addr-0001-com', customerId: 'a3e1c0de-0001-4000-8000-000000000001', type: 'commercial', recipient: 'Mario Rossi', country: 'ITA', postalCode: '20121', city: 'Milano', province: 'MI', street: 'Via Dante 4' },
  { id: 'addr-0002-res', customerId: 'a3e1c0de-0002-4000-8000-000000000002', type: 'residential', recipient: 'Giulia Bianchi', country: 'ITA', postalCode: '10121', city: 'Torino', province: 'TO', street: 'Via Roma 21' },
  { id: 'addr-0003-res', customerId: 'a3e1c0de-0003-4000-8000-000000000003', type: 'residential', recipient: 'Luca Verdi', country: 'CHE', postalCode: '6900', city: 'Lugano', province: 'TI', street: 'Via Nassa 5' },
]

export async function customerRows(): Promise<(string | boolean)[][]> {
  return Promise.all(
    SEED_CUSTOMERS.map(async (c) => [c.id, c.email, c.givenName, c.familyName, await hashPassword(c.password), c.isVet, c.bkId, c.arcacard, c.profilingConsent]),
  )
}
