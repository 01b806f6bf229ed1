/** The error pages' and the app's menu page's texts (404, 500, /fromApp). */
export const pagesTexts = {
  notFoundTitle: 'Pagina non trovata',
  notFoundBody: 'La pagina che cerchi non esiste o è stata spostata.',
  serverErrorTitle: 'Si è verificato un errore',
  serverErrorBody: 'Qualcosa non ha funzionato mentre caricavamo la pagina. Riprova tra qualche istante.',
  requested: 'Pagina richiesta:',
  retry: 'Riprova',
  home: 'Torna alla home page',
  fromAppTitle: 'Benvenuto dall’app Zampa',
  fromAppBody: 'Continua i tuoi acquisti: il carrello e i preferiti sono gli stessi dell’app.',
  fromAppStart: 'Inizia lo shopping',
} as const
