import { jsonSchemaOf } from '../../cms/load'
import { cmsRegistry, type CmsName } from '../../cms/registry'
import { fieldName, labelFor, parsePath, VALUE_WORDS, wordsFor } from './labels'

interface Node {
  properties?: Record<string, Node>
  items?: Node
  anyOf?: Node[]
  enum?: unknown[]
  const?: unknown
}

/** Every field path of a content type's schema, lists counted as item 0, each with its schema. */
function fields(schema: Node, path: (string | number)[] = [], out: { path: (string | number)[]; schema: Node }[] = [], depth = 0) {
  if (depth > 12) return out
  for (const option of schema.anyOf ?? []) fields(option, path, out, depth + 1)
  if (schema.items) fields(schema.items, [...path, 0], out, depth + 1)
  for (const [key, sub] of Object.entries(schema.properties ?? {})) {
    if (key === '$schema') continue
    out.push({ path: [...path, key], schema: sub })
    fields(sub, [...path, key], out, depth + 1)
  }
  return out
}

const names = Object.keys(cmsRegistry) as CmsName[]

describe('the forms’ Italian words', () => {
  it.each(names)('give every field of %s an Italian label', (name) => {
    const all = fields(jsonSchemaOf(name) as Node)
    expect(all.length).toBeGreaterThan(1)
    const missing = all
      .filter((f) => wordsFor(name, f.path) === null)
      .map((f) => f.path.join('.'))
    expect(missing).toEqual([])
  })

  it.each(names)('give every choice of %s an Italian meaning', (name) => {
    const values = fields(jsonSchemaOf(name) as Node).flatMap((f) => [...(f.schema.enum ?? []), ...(f.schema.const !== undefined ? [f.schema.const] : [])])
    expect(values.filter((v) => !Object.hasOwn(VALUE_WORDS, String(v)))).toEqual([])
  })

  it('tells apart the same name with another meaning', () => {
    expect(labelFor('menu', ['items'])).toBe('Voci del menu')
    expect(labelFor('footer', ['sections', 0, 'items'])).toBe('Link della sezione')
    expect(labelFor('home', ['sections', 0, 'blocks', 0, 'items'])).toBe('Punti dell’elenco')
    expect(labelFor('home', ['title'])).toBe('Titolo per il browser')
    expect(labelFor('home', ['sections', 0, 'title'])).toBe('Titolo')
    expect(labelFor('servicesBooking', ['services', 0, 'description'])).toBe('Descrizione del servizio')
    expect(labelFor('servicesBooking', ['description'])).toBe('Descrizione per i motori di ricerca')
  })

  it('names a refused field for an editor, from the path the server reports', () => {
    expect(parsePath('items[0].nextLevel[1].title')).toEqual(['items', 0, 'nextLevel', 1, 'title'])
    expect(fieldName('menu', parsePath('items[0].nextLevel[0].nextLevel[2].titleURL'))).toBe('Voci del menu 1 › Sottolivello 1 › Sottolivello 3 › Link della voce')
    expect(fieldName('topHeader', parsePath('promoPhrase'))).toBe('Frase promozionale')
    expect(fieldName('pages', parsePath('pages[1]'))).toBe('Pagine 2')
  })
})
