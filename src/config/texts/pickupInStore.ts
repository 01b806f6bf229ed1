/**
 * The pickup box of the product page and the minicart (req PICKUP-05, PICKUP-08): the first load of a product
 * page carries these, and the store picker's and store details' texts (./stores.ts) load with them.
 */
export const pickupInStoreTexts = {
  pickupTitle: 'Ritira in negozio',
  choosePrompt: 'Scegli il negozio dove ritirare il tuo ordine',
  choose: 'Scegli il negozio',
  change: 'Cambia negozio',
  info: 'Info negozio',
  removeStore: 'Torna alla consegna a domicilio',
  removeStoreFailed: 'Non è stato possibile tornare alla consegna a domicilio. Riprova.',
} as const
