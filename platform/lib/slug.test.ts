import { foldAccents, slugify } from './slug'

describe('slugify', () => {
  it.each([
    ['Cibo secco', 'cibo-secco'],
    ['Età', 'eta'],
    ["all'agnello", 'all-agnello'],
    ['  Snack e premi  ', 'snack-e-premi'],
    ['Gabbie & Voliere', 'gabbie-voliere'],
    ['12 x 400 g', '12-x-400-g'],
  ])('%s → %s', (label, slug) => {
    expect(slugify(label)).toBe(slug)
  })
})

describe('foldAccents', () => {
  it('strips accents and lowercases', () => {
    expect(foldAccents('Perché Più ÈTÀ')).toBe('perche piu eta')
  })
})
