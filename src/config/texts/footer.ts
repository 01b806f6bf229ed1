/** The footer's texts, shown by its static blocks and the consent banner. */
export const footerTexts = {
  app: 'Scarica la nostra App',
  appStore: 'Scarica su App Store',
  googlePlay: 'Disponibile su Google Play',
  social: 'Seguici',
  payments: 'Metodi di pagamento',
  businessData: 'Dati societari',
  legal: 'Note legali',
  privacy: 'Informativa sulla privacy',
  cookiePolicy: 'Cookie policy',
  // The banner's text names this link: keep them alike.
  cookiePreferences: 'Preferenze cookie',
  copyright: (year: number) => `© ${year} Zampa S.r.l. Tutti i diritti riservati.`,
} as const
