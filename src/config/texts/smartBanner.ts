/** The smart banners' texts, loaded with the banners once the page has hydrated. A module of its own: no page's first load shows them (./index.ts). */
export const smartBannerTexts = {
  copied: 'COPIATO',
  close: 'Chiudi',
} as const
