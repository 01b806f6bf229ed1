/** The login and session texts. */
export const identityTexts = {
  logoutTitle: 'Esci dal tuo account',
  logoutBody: 'Vuoi uscire? Il tuo carrello resta salvato e lo ritrovi al prossimo accesso.',
  logoutButton: 'Esci',
  /** Named after the product: a grid has one heart per card. */
  wishlistAdd: (name: string) => `Aggiungi ${name} alla wishlist`,
  wishlistRemove: (name: string) => `Rimuovi ${name} dalla wishlist`,
} as const
