/** The preview's own words, in the editors' language. */
export const previewTexts = {
  frameOnly: 'Anteprima della cornice del sito: intestazione, menu e footer come li vedranno i clienti.',
  suspended: 'Anteprima sospesa: riprende quando i campi indicati nel modulo sono completi.',
}
