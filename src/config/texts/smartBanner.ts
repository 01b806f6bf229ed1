/** The smart banners' texts, loaded with the banners once the page has hydrated. */
export const smartBannerTexts = {
  copied: 'COPIATO',
  close: 'Chiudi',
} as const
