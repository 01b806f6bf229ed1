/** The home page's texts. */
export const homeTexts = {
  title: 'Tutto per i tuoi animali',
  categories: 'Categorie',
  featured: 'In evidenza',
  brands: 'I nostri marchi',
  seeAll: 'Vedi tutti',
} as const
