/**
 * The 20 attribute names product properties are grouped under (req PRODUCT-09), in
 * the order a product page shows them. This list is the source: the embedded
 * platform's seed catalog keeps a copy of its own, since the platform imports
 * nothing of the storefront, and tests/shared/productProperties.test.ts
 * proves the copy agrees.
 */
export const PROPERTY_GROUPS = [
  'Gusto',
  'Esigenze specifiche',
  'Caratteristiche nutrizionali',
  'Età',
  'Razza',
  'Taglia',
  'Tipo di alimento',
  'Formato',
  'Consistenza',
  'Ingredienti principali',
  'Cereali',
  'Proteina animale',
  'Colore',
  'Materiale',
  'Dimensioni',
  'Stagione',
  'Tipologia',
  'Specie',
  'Linea',
  'Certificazioni',
] as const

export type PropertyGroupName = (typeof PROPERTY_GROUPS)[number]
