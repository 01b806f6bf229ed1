/** The search box's and the search page's texts. */
export const searchTexts = {
  label: 'Cerca',
  placeholder: 'Cerca tra oltre 10.000 prodotti',
  placeholderDesktop: 'Cerca tra oltre 10.000 prodotti per cani, gatti e piccoli animali',
  submit: 'Avvia la ricerca',
  suggestions: 'Suggerimenti',
  products: 'Prodotti',
  history: 'Ricerche recenti',
  removeHistory: (term: string) => `Rimuovi «${term}» dalle ricerche recenti`,
  title: (term: string) => `Risultati per «${term}»`,
  titleEmpty: 'Cerca',
  prompt: 'Scrivi cosa cerchi nella barra di ricerca.',
  noResults: (term: string) => `Nessun risultato per «${term}»`,
  /** Before the corrected term, when the results are its (req SEARCH-14). */
  didYouMean: 'Forse cercavi',
  /** In place of the filters when the catalog answered the products without them. */
  filtersUnavailable: 'I filtri non sono disponibili in questo momento. Riprova tra poco.',
  /** Above the searches offered when a term found nothing (req SEARCH-15). */
  alternativesTitle: 'Prova a cercare',
  tipsTitle: 'Qualche consiglio',
  tips: ['Controlla di aver scritto bene le parole.', 'Prova con parole più generiche, come «crocchette» o «lettiera».', 'Usa meno filtri.'],
  browse: 'Oppure sfoglia le categorie',
} as const
