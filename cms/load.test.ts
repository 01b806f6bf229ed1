import { readFileSync } from 'fs'
import path from 'path'
import { checkLinks, CmsError, jsonSchemaOf, readCms, type CmsContent } from './load'
import { cmsRegistry, type CmsName } from './registry'

const real = (file: string) => readFileSync(path.join(__dirname, file), 'utf8')

/** Reads the real content, with one file replaced. */
const withFile = (file: string, text: string) => (f: string) => (f === file ? text : real(f))

const errorOf = (fn: () => unknown): CmsError => {
  try {
    fn()
  } catch (error) {
    if (error instanceof CmsError) return error
    throw error
  }
  throw new Error('expected a CmsError')
}

describe('readCms', () => {
  it('reads every registered file of the repository', () => {
    const content = readCms()
    expect(Object.keys(content).sort()).toEqual(Object.keys(cmsRegistry).sort())
  })

  it('names the file when it is missing', () => {
    const error = errorOf(() => readCms((f) => (f === 'top-header.json' ? (() => { throw new Error('ENOENT') })() : real(f))))
    expect(error.message).toBe('cms/top-header.json: the file is missing')
  })

  it('names the file when it is not JSON', () => {
    const error = errorOf(() => readCms(withFile('top-header.json', '{ "links": [')))
    expect(error.file).toBe('top-header.json')
    expect(error.message).toMatch(/^cms\/top-header\.json: not valid JSON/)
  })

  it('names the field of a missing value', () => {
    const error = errorOf(() => readCms(withFile('top-header.json', JSON.stringify({ links: [] }))))
    expect(error.field).toBe('promoPhrase')
  })

  it('names the nested field of a wrong type', () => {
    const text = JSON.stringify({ links: [{ label: 'A', url: '/cane' }, { label: 7, url: '/gatto' }], promoPhrase: '' })
    const error = errorOf(() => readCms(withFile('top-header.json', text)))
    expect(error.field).toBe('links[1].label')
    expect(error.message).toContain('cms/top-header.json at "links[1].label"')
  })

  it('rejects an unknown field, which is most often a typo', () => {
    const text = JSON.stringify({ links: [], promoPhrase: '', promoPhrse: 'x' })
    expect(errorOf(() => readCms(withFile('top-header.json', text))).message).toMatch(/promoPhrse/)
  })

  it('rejects a link that is neither a site path nor a URL', () => {
    const text = JSON.stringify({ links: [{ label: 'A', url: 'cane' }], promoPhrase: '' })
    expect(errorOf(() => readCms(withFile('top-header.json', text))).field).toBe('links[0].url')
  })
})

describe('checkLinks', () => {
  // Only the top header holds links here, so each test names exactly the paths it depends on.
  const others = Object.fromEntries(Object.keys(readCms()).map((name) => [name, {}]))
  const content = (links: { label: string; url: string }[]) =>
    ({ ...others, topHeader: { links: links.map((l) => ({ ...l, openInNewTab: false })), promoPhrase: '' } }) as CmsContent

  it('accepts site paths that exist, ignoring query, fragment and trailing slash', () => {
    const known = new Set(['/cane'])
    expect(() => checkLinks(content([{ label: 'A', url: '/cane/?x=1#top' }, { label: 'B', url: 'https://example.it/x' }]), (p) => known.has(p) || p === '/')).not.toThrow()
  })

  it('stops on a link to a category that does not exist, naming file and field', () => {
    const error = errorOf(() => checkLinks(content([{ label: 'A', url: '/cane' }, { label: 'B', url: '/criceti-giganti' }]), (p) => p === '/cane'))
    expect(error.file).toBe('top-header.json')
    expect(error.field).toBe('links[1].url')
    expect(error.message).toContain('"/criceti-giganti"')
  })
})

describe('JSON schemas', () => {
  it.each(Object.keys(cmsRegistry) as CmsName[])('cms/schemas for %s are up to date (npm run cms:schemas)', (name) => {
    const file = cmsRegistry[name].file.replace(/\.json$/, '.schema.json')
    const written = JSON.parse(real(path.join('schemas', file)))
    expect(written).toEqual(jsonSchemaOf(name))
  })
})
