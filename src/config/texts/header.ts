/** The header's texts. */
export const headerTexts = {
  cartButton: 'Il tuo carrello',
  home: 'Zampa, vai alla home page',
  categories: 'Categorie',
  skipToContent: 'Vai al contenuto',
  topBar: 'Informazioni e servizi',
  subHeader: 'Categorie principali',
  newTab: '(si apre in una nuova scheda)',
  loading: 'Caricamento della pagina',
} as const
