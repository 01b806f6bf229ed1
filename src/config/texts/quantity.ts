/** The quantity stepper's texts. */
export const quantityTexts = {
  label: 'Quantità',
  decrease: 'Diminuisci la quantità',
  increase: 'Aumenta la quantità',
} as const
