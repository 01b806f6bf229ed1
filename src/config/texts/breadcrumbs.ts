/** The breadcrumbs' texts, shown by their static section. A module of its own: no page's first load shows them (./index.ts). */
export const breadcrumbsTexts = {
  home: 'Home',
  label: 'Percorso',
} as const
