/** The flyer pages' texts. A module of its own: no page's first load shows them (./index.ts). */
export const flyerTexts = {
  validity: (from: string, to: string) => `Offerte valide dal ${from} al ${to}`,
} as const
