/** The cart's texts: the minicart, its lines and the cart's notices. */
export const cartTexts = {
  title: 'Il tuo carrello',
  close: 'Chiudi',
  empty: 'Il tuo carrello è vuoto',
  startShopping: 'Inizia lo shopping',
  viewWishlist: 'Visualizza la Wishlist',
  checkout: 'Vai alla cassa',
  validating: 'Caricamento in corso...',
  /** The checkout button while the browser has no connection: the cassa is on the platform, out of reach. */
  offline: 'Sei offline',
  total: 'Totale',
  subTotal: 'Subtotale',
  remove: 'Rimuovi',
  itemGone: 'Questo prodotto non è più presente nel carrello.',
  /** The cart's order was placed at the checkout: the shopper's next cart starts empty. */
  orderReceived: (orderNumber: string | null) => `Ordine ${orderNumber ? `${orderNumber} ` : ''}ricevuto: il carrello è di nuovo vuoto.`,
  /** A quantity change the platform refused while it still holds the line: the cart shows the platform's quantity again. */
  quantityNotChanged: 'Non è stato possibile cambiare la quantità di questo prodotto: il carrello mostra quella registrata.',
  /** Validation the platform refused (a quantity it cannot sell, a product it no longer sells): the cart shows the platform's. */
  cartRefused: 'Non è stato possibile registrare le ultime modifiche del carrello: il carrello mostra quello registrato dal negozio.',
  /** A quantity change the platform could not be reached for: kept in this browser and sent once it answers. */
  changeKept: 'Il carrello non risponde: la modifica è salvata su questo dispositivo e la invieremo appena possibile.',
  /** A line the platform's cart no longer holds, taken out of this browser's cart: which product, and why. */
  lineGone: (name: string, reason: 'elsewhere' | 'emptied' | 'platform') =>
    `«${name}» non è più presente nel carrello: ${
      reason === 'elsewhere'
        ? "è stato tolto da un'altra scheda o da un altro dispositivo."
        : reason === 'emptied'
          ? 'il carrello registrato dal negozio è vuoto.'
          : 'il negozio lo ha tolto dal carrello.'
    }`,
  outOfStockLine: 'Questo articolo non è al momento disponibile.',
  outOfStockAction: "Rimuovi questo articolo per procedere all'acquisto",
  outOfStockBanner:
    "Nel carrello è presente un articolo al momento non disponibile. Rimuovi l'articolo per procedere all'acquisto",
  minimumOrder: "Attenzione: il valore minimo d'ordine è di 8,99€ (spese di consegna escluse)",
  gifts: 'Omaggi',
  loyaltyLoggedIn: (points: number) => `Con questo acquisto accumuli ${points} Punti`,
  loyaltyGuest: (points: number) => `Accedi: con questo acquisto avresti potuto accumulare ${points} Punti`,
  unavailable: 'Non è stato possibile aggiornare il carrello. Riprova tra poco: i tuoi articoli sono al sicuro.',
  slow: 'Il carrello si sta aggiornando più lentamente del solito. Attendi qualche istante: i tuoi articoli sono al sicuro.',
} as const
