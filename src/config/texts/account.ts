/** The account menu's texts. */
export const accountTexts = {
  loginOrRegister: 'Accedi o registrati',
  login: 'Accedi',
  newCustomer: 'Nuovo cliente? Inizia qui',
  greeting: (givenName: string) => `Ciao ${givenName}`,
  logout: 'Non sei tu? Esci',
  iconLabel: 'Il mio account',
  loyaltyCard: (number: string) => `Carta Fedeltà n. ${number}`,
  guestOrder: 'Hai ordinato senza account? Trova il tuo ordine',
} as const
