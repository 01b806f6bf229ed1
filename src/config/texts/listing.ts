/** The listings' texts (category, brand and search pages): filters, sort, pages. */
import { formatCount } from '../format'

export const listingTexts = {
  /** The heading over the grid, for screen readers: the product names under it are level 3. */
  productsHeading: 'Prodotti',
  results: (n: number) => (n === 1 ? '1 prodotto' : `${formatCount(n)} prodotti`),
  sort: 'Ordina per',
  sorts: {
    score_desc: 'Rilevanza',
    price_asc: 'Prezzo crescente',
    price_desc: 'Prezzo decrescente',
    name_asc: 'Nome A-Z',
    name_desc: 'Nome Z-A',
    discount_desc: 'Sconto più alto',
    release_desc: 'Novità',
  },
  filters: 'Filtri',
  filtersCount: (n: number) => (n ? `Filtri (${n})` : 'Filtri'),
  close: 'Chiudi',
  showResults: (n: number) => `Mostra ${formatCount(n)} prodotti`,
  clearAll: 'Rimuovi tutti i filtri',
  remove: (label: string) => `Rimuovi il filtro ${label}`,
  showMore: 'Mostra tutti',
  showLess: 'Mostra meno',
  loading: 'Caricamento dei prodotti…',
  error: 'Non è stato possibile caricare i prodotti.',
  retry: 'Riprova',
  staleFilters: 'Alcuni filtri di questo link non esistono più.',
  pagination: 'Pagine dei risultati',
  previous: 'Precedente',
  next: 'Successiva',
  page: (n: number) => `Pagina ${n}`,
  empty: 'Nessun prodotto corrisponde ai filtri scelti.',
} as const
