/** The breadcrumbs' texts, shown by their static section. */
export const breadcrumbsTexts = {
  home: 'Home',
  label: 'Percorso',
} as const
