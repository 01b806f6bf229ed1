/** The cookie banner's texts, written into every page's HTML by the server. */
import { footerTexts } from './footer'

export const consentTexts = {
  title: 'Rispettiamo la tua privacy',
  body: 'Usiamo solo i cookie tecnici necessari al negozio (carrello, sessione, preferenze). Con il tuo consenso useremmo anche cookie di analisi, per capire come migliorare il sito, e di marketing, per offerte più adatte a te. Puoi cambiare idea quando vuoi da “Preferenze cookie” in fondo alla pagina.',
  policy: footerTexts.cookiePolicy,
  close: 'Chiudi e rifiuta i cookie non necessari',
  refuse: 'Rifiuta',
  acceptAll: 'Accetta tutti',
  choose: 'Scegli le finalità',
  analytics: 'Analisi: statistiche anonime sulle visite e sugli acquisti',
  marketing: 'Marketing: pubblicità e offerte personalizzate',
  save: 'Salva le scelte',
} as const
