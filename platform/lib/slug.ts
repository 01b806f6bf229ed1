/**
 * URL slug of an Italian label: lower case, accents stripped, apostrophes and
 * every other run of non-alphanumerics turned into one hyphen.
 * "Cibo secco" → "cibo-secco", "Età" → "eta", "all'agnello" → "all-agnello".
 */
export function slugify(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** Lower case with accents stripped; the same folding the search index applies. */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
}

/** The words of a text as the search index folds them: lower case, no accents, letters and digits. */
export function wordsOf(text: string): string[] {
  return foldAccents(text).split(/[^a-z0-9]+/).filter(Boolean)
}
