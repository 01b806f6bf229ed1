/** The category drawer's texts, loaded with the drawer on its first opening. */
export const drawerTexts = {
  title: 'Tutte le categorie',
  back: 'Torna indietro',
  close: 'Chiudi',
  seeAll: 'Vedi tutti',
  heading: 'Categorie',
  brandFilter: 'Digita il nome del Brand',
  brandFilterLabel: 'Filtra le marche per iniziale',
  noBrands: 'Nessuna marca inizia con queste lettere.',
  topCategories: 'In evidenza',
} as const
