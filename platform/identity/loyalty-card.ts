import { ean13CheckDigit } from '../db/seed/gtin'

/** Loyalty card number: 13 digits in the in-store 29 prefix range, with a valid EAN check digit. */
export function arcacardNumber(serial: number): string {
  const first12 = `29${String(serial).padStart(10, '0')}`
  return first12 + String(ean13CheckDigit(first12))
}

/** Loyalty customer id shown by the card provider. */
export function bkId(serial: number): string {
  return `BK${String(serial).padStart(10, '0')}`
}
