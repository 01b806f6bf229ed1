/** The flyer pages' texts. */
export const flyerTexts = {
  validity: (from: string, to: string) => `Offerte valide dal ${from} al ${to}`,
} as const
