/**
 * Every text shown to shoppers. Where the spec quotes a text it is copied
 * verbatim; components import from here and never inline Italian strings.
 */
export const texts = {
  cart: {
    title: 'Il tuo carrello',
    close: 'Chiudi',
    empty: 'Il tuo carrello è vuoto',
    startShopping: 'Inizia lo shopping',
    viewWishlist: 'Visualizza la Wishlist',
    checkout: 'Vai alla cassa',
    validating: 'Caricamento in corso...',
    total: 'Totale',
    subTotal: 'Subtotale',
    quantity: 'Quantità',
    decrease: 'Diminuisci la quantità',
    increase: 'Aumenta la quantità',
    remove: 'Rimuovi',
    itemGone: 'Questo prodotto non è più presente nel carrello.',
    outOfStockLine: 'Questo articolo non è al momento disponibile.',
    outOfStockAction: "Rimuovi questo articolo per procedere all'acquisto",
    outOfStockBanner:
      "Nel carrello è presente un articolo al momento non disponibile. Rimuovi l'articolo per procedere all'acquisto",
    minimumOrder: "Attenzione: il valore minimo d'ordine è di 8,99€ (spese di consegna escluse)",
    gifts: 'Omaggi',
    loyaltyLoggedIn: (points: number) => `Con questo acquisto accumuli ${points} Punti`,
    loyaltyGuest: (points: number) => `Accedi: con questo acquisto avresti potuto accumulare ${points} Punti`,
    unavailable: 'Non è stato possibile aggiornare il carrello. Riprova tra poco: i tuoi articoli sono al sicuro.',
  },
  product: {
    addToCart: 'Aggiungi al carrello',
    adding: 'Aggiunta in corso...',
    outOfStock: 'Non disponibile',
    variant: 'Formato',
    listPrice: 'Prezzo di listino',
    brand: 'Marca',
  },
  search: {
    label: 'Cerca',
    placeholder: 'Cerca tra oltre 10.000 prodotti',
    placeholderDesktop: 'Cerca tra oltre 10.000 prodotti per cani, gatti e piccoli animali',
  },
  header: {
    cartButton: 'Il tuo carrello',
    home: 'Vai alla home page',
  },
  home: {
    title: 'Tutto per i tuoi animali',
    categories: 'Categorie',
    featured: 'In evidenza',
  },
  category: {
    products: (n: number) => (n === 1 ? '1 prodotto' : `${n} prodotti`),
    empty: 'Nessun prodotto in questa categoria.',
    subcategories: 'Sottocategorie',
  },
  sharedCart: {
    title: 'Oops... Sessione è scaduta',
    body: 'Effettua il login per continuare lo shopping e ritrovare il tuo carrello.',
    login: 'Accedi',
    guest: 'Continua come ospite',
  },
  errors: {
    fallback: 'I believe something went wrong',
    unknownUiState: 'Unknown UI state',
  },
} as const
