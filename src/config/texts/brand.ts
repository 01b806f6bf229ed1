/** The brand page's texts. */
export const brandTexts = {
  title: (name: string) => `Prodotti ${name}`,
  intro: (name: string) => `Tutti i prodotti ${name} disponibili online e in negozio.`,
} as const
