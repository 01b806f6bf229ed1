/** The brand page's texts. A module of its own: no page's first load shows them (./index.ts). */
export const brandTexts = {
  title: (name: string) => `Prodotti ${name}`,
  intro: (name: string) => `Tutti i prodotti ${name} disponibili online e in negozio.`,
} as const
