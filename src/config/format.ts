/** Money as the minicart shows it: € prefix, always 2 decimals, Italian decimal comma (spec §2). */
export function formatPrice(value: number): string {
  return `€ ${value.toFixed(2).replace('.', ',')}`
}

/** Money in Italian notation for running text: "8,99 €". */
export function formatPriceIt(value: number): string {
  return `${value.toFixed(2).replace('.', ',')} €`
}
