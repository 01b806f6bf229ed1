/** The added-to-cart confirmation's texts (its modal and /added-to-cart). */
export const addedToCartTexts = {
  title: 'Aggiunto al carrello',
  notAddedTitle: 'Prodotto non presente nel carrello',
  notAdded: "Questo prodotto non è nel tuo carrello: l'aggiunta non è avvenuta o il prodotto è stato tolto. Apri il carrello per vedere cosa contiene.",
  /** Without JavaScript the page cannot read the cart, and says so. */
  noScript: 'Per vedere il carrello e andare alla cassa attiva JavaScript nel browser.',
  continue: 'Continua lo shopping',
  goToCart: 'Vai al carrello',
  quantity: (n: number) => `Quantità: ${n}`,
  pickupAt: (store: string, when: string) => `Ritiro presso ${store}: ${when}`,
  homeDelivery: 'Consegna a domicilio',
  close: 'Chiudi',
} as const
