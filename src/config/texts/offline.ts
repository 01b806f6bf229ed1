/** The page the service worker shows for a page never opened on this device while there is no connection. */
export const offlineTexts = {
  title: 'Sei offline',
  body: 'Questa pagina non è ancora disponibile senza connessione. Le pagine che hai già visitato restano consultabili e il tuo carrello è al sicuro.',
  retry: 'Riprova',
  home: 'Torna alla home page',
} as const
