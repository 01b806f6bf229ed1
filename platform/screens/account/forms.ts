/**
 * The account's forms as they arrive (`formFields` of the body): each read
 * into tidy values, with its problems in Italian, one per wrong field, for the
 * form to show again. What reaches the address book or the profile update is
 * only what passed here.
 */
import type { AddressInput } from '../../identity/addresses'

export interface ProfileValues {
  givenName: string
  familyName: string
  profilingConsent: boolean
}

const collapse = (value: string | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim()

/** The profile form's fields, tidied, and its problems in Italian (the same rules as the registration's). */
export function readProfileForm(fields: Record<string, string>): { values: ProfileValues; problems: string[] } {
  const values = {
    givenName: collapse(fields.givenName),
    familyName: collapse(fields.familyName),
    profilingConsent: fields.profilingConsent !== undefined,
  }
  const problems: string[] = []
  if (!values.givenName || values.givenName.length > 80) problems.push('Inserisci il tuo nome (massimo 80 caratteri).')
  if (!values.familyName || values.familyName.length > 80) problems.push('Inserisci il tuo cognome (massimo 80 caratteri).')
  return { values, problems }
}

/** The new-address form before the customer types: blank and not residential (the route fills in the name and whether it becomes residential). */
export const EMPTY_ADDRESS: AddressInput = { recipient: '', street: '', postalCode: '', city: '', province: '', phone: '', residential: false }

/**
 * The address form's fields checked and tidied, or the problems in Italian, one per
 * field. Postal codes are the five digits of Italian CAPs; provinces their
 * two-letter code.
 */
export function readAddressForm(fields: Record<string, string>): { input: AddressInput; problems: string[] } {
  const input: AddressInput = {
    recipient: collapse(fields.recipient),
    street: collapse(fields.street),
    postalCode: collapse(fields.postalCode),
    city: collapse(fields.city),
    province: collapse(fields.province).toUpperCase(),
    phone: collapse(fields.phone),
    residential: fields.residential !== undefined,
  }
  const problems: string[] = []
  if (!input.recipient || input.recipient.length > 120) problems.push('Indica il destinatario (massimo 120 caratteri).')
  if (!input.street || input.street.length > 200) problems.push('Indica via e numero civico (massimo 200 caratteri).')
  if (!/^\d{5}$/.test(input.postalCode)) problems.push('Il CAP è fatto di 5 cifre.')
  if (!input.city || input.city.length > 80) problems.push('Indica la città (massimo 80 caratteri).')
  if (!/^[A-Z]{2}$/.test(input.province)) problems.push('Indica la sigla della provincia, di 2 lettere (per esempio GE).')
  if (input.phone && !/^\+?[0-9 ]{6,20}$/.test(input.phone)) problems.push('Il telefono può contenere solo cifre, spazi e un + iniziale.')
  return { input, problems }
}
