/** The category pages' texts. */
export const categoryTexts = {
  products: (n: number) => (n === 1 ? '1 prodotto' : `${n} prodotti`),
  empty: 'Nessun prodotto in questa categoria.',
  subcategories: 'Sottocategorie',
} as const
