/** The guest order lookup's texts (/guest-order). */
import { formatWait } from '../format'

export const guestOrderTexts = {
  title: 'Trova il tuo ordine',
  intro: "Hai ordinato senza registrarti? Inserisci il numero d'ordine e l'email che hai indicato alla cassa.",
  orderNumber: "Numero d'ordine",
  orderNumberHint: "Lo trovi nella conferma dell'ordine, ad esempio PF-7K3M9Q2XD4AB.",
  email: 'Email',
  submit: "Cerca l'ordine",
  searching: 'Ricerca in corso…',
  notFound: 'Non troviamo un ordine con questo numero e questa email. Controlla i dati e riprova.',
  unavailable: "Non riusciamo a cercare l'ordine in questo momento. Riprova tra poco.",
  tooMany: (seconds: number) => `Troppi tentativi non riusciti. Per proteggere gli ordini, riprova tra ${formatWait(seconds)}.`,
  invalid: {
    orderNumber: "Inserisci il numero d'ordine come appare nella conferma, ad esempio PF-7K3M9Q2XD4AB.",
    email: 'Inserisci un indirizzo email valido.',
  },
  heading: (orderNumber: string) => `Ordine ${orderNumber}`,
  status: { placed: 'Confermato' },
  statusLabel: 'Stato',
  placedAt: 'Effettuato il',
  quantity: (n: number) => `Quantità: ${n}`,
  gift: 'Omaggio',
  total: 'Totale',
  link: 'Trova il tuo ordine',
} as const
