import { execFileSync } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { history, readContent, save, validate, versionAt, type ContentRepository } from './content'
import { contentRepository, linkedPaths } from '../tests/support/contentRepo'

const editor = { name: 'Giulia Rossi', email: 'giulia@example.com' }
let root: string
let repository: ContentRepository
const pages = linkedPaths()

beforeEach(() => {
  root = contentRepository()
  repository = { root, sitePaths: () => pages }
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

type Json = Record<string, unknown>
const menu = () => structuredClone(readContent(repository, 'menu').data) as { items: Json[] }
const topHeader = () => structuredClone(readContent(repository, 'topHeader').data) as Json

describe('checking content as the build does (req EDIT-03)', () => {
  it('accepts every file as it is', () => {
    for (const name of ['topHeader', 'menu', 'accountMenu', 'footer', 'smartBanners', 'home', 'pages', 'flyers', 'servicesBooking'] as const)
      expect(validate(repository, name, readContent(repository, name).data)).toEqual([])
  })

  it('refuses a link to a page the site does not have, naming the field, in Italian', () => {
    const data = menu()
    data.items[0]!.titleURL = '/cane/non-esiste'
    expect(validate(repository, 'menu', data)).toEqual([{ file: 'menu.json', field: 'items[0].titleURL', message: 'porta a "/cane/non-esiste", che non è una pagina del sito' }])
  })

  it('refuses a missing required field, naming it, in Italian', () => {
    const data = topHeader()
    delete data.promoPhrase
    const [problem] = validate(repository, 'topHeader', data)
    expect(problem).toMatchObject({ file: 'top-header.json', field: 'promoPhrase' })
    expect(problem!.message).toMatch(/previsto|atteso|richiesto|stringa/i)
  })

  it('refuses a script or an event handler in the promotional phrase rather than dropping it silently', () => {
    for (const phrase of ['Sconti <script>alert(1)</script>', '<img src=x onerror=alert(1)>', '<a href="javascript:alert(1)">x</a>', '<b onclick="x()">Saldi</b>']) {
      const data = { ...topHeader(), promoPhrase: phrase }
      expect(validate(repository, 'topHeader', data)).toEqual([expect.objectContaining({ field: 'promoPhrase', message: expect.stringMatching(/markup non ammesso/) })])
    }
  })

  it('keeps what the sanitiser keeps: bold, a coloured span, a link', () => {
    const data = { ...topHeader(), promoPhrase: '<b>Spedizione gratis</b> da 29 € <span style="color:#E31C58">oggi</span> <a href="/cane">cane</a>' }
    expect(validate(repository, 'topHeader', data)).toEqual([])
  })

  it('translates the schemas’ own messages', () => {
    const data = menu()
    data.items[0]!.titleColor = 'rosso'
    expect(validate(repository, 'menu', data)).toEqual([{ file: 'menu.json', field: 'items[0].titleColor', message: 'deve essere un colore esadecimale come #E31C58' }])
  })
})

describe('publishing (req EDIT-04, EDIT-05)', () => {
  it('writes the file and commits it with the editor as author and a message naming the content', async () => {
    const { data, version } = readContent(repository, 'topHeader')
    const result = await save(repository, 'topHeader', { ...(data as Json), promoPhrase: 'Nuova frase' }, version, editor)
    expect(result.ok).toBe(true)
    expect(JSON.parse(readFileSync(path.join(root, 'cms', 'top-header.json'), 'utf8')).promoPhrase).toBe('Nuova frase')
    const log = execFileSync('git', ['log', '-1', '--format=%an <%ae>|%s'], { cwd: root, encoding: 'utf8' }).trim()
    expect(log).toBe('Giulia Rossi <giulia@example.com>|Contenuti: top-header.json (barra superiore) aggiornato da Giulia Rossi')
  })

  it('writes nothing and commits nothing when the content is refused', async () => {
    const before = readFileSync(path.join(root, 'cms', 'top-header.json'), 'utf8')
    const { data, version } = readContent(repository, 'topHeader')
    const result = await save(repository, 'topHeader', { ...(data as Json), promoPhrase: '<script>x</script>' }, version, editor)
    expect(result).toMatchObject({ ok: false, status: 422 })
    expect(readFileSync(path.join(root, 'cms', 'top-header.json'), 'utf8')).toBe(before)
    expect(await history(repository, 'topHeader')).toHaveLength(1)
  })

  it('tells the second editor of the same version, with the first editor’s content, and keeps the first’s change', async () => {
    const { data, version } = readContent(repository, 'topHeader')
    expect((await save(repository, 'topHeader', { ...(data as Json), promoPhrase: 'Prima' }, version, editor)).ok).toBe(true)
    const second = await save(repository, 'topHeader', { ...(data as Json), promoPhrase: 'Seconda' }, version, { name: 'Marco', email: 'marco@example.com' })
    expect(second).toMatchObject({ ok: false, status: 409, current: { data: expect.objectContaining({ promoPhrase: 'Prima' }) } })
    expect(readContent(repository, 'topHeader').data).toMatchObject({ promoPhrase: 'Prima' })
  })

  it('lists the file’s history and gives back an earlier version to restore', async () => {
    const first = readContent(repository, 'topHeader')
    await save(repository, 'topHeader', { ...(first.data as Json), promoPhrase: 'Cambiata' }, first.version, editor)
    const entries = await history(repository, 'topHeader')
    expect(entries.map((e) => e.author)).toEqual(['Giulia Rossi', 'Setup'])
    const earlier = await versionAt(repository, 'topHeader', entries[1]!.commit)
    expect(earlier).toEqual(first.data)
    await expect(versionAt(repository, 'topHeader', 'HEAD~1')).rejects.toThrow('not a commit')
  })
})
