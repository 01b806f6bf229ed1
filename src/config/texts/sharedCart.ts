/** The texts of the notice shown when a shared cart's session has expired. */
export const sharedCartTexts = {
  title: 'Oops... Sessione è scaduta',
  body: 'Effettua il login per continuare lo shopping e ritrovare il tuo carrello.',
  login: 'Accedi',
  guest: 'Continua come ospite',
} as const
