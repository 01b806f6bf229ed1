import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileJournal } from './journal'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'zampa-journal-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('reads back what it wrote, and nothing before the first write', () => {
  const file = path.join(dir, 'changes-waiting.json')
  const journal = fileJournal(file)
  expect(journal.read()).toEqual([])
  journal.write([{ kind: 'catalog', items: ['sku:1'] }, { kind: 'content', items: ['cms/home.json'], complete: false }])
  expect(fileJournal(file).read()).toEqual([{ kind: 'catalog', items: ['sku:1'] }, { kind: 'content', items: ['cms/home.json'], complete: false }])
  expect(existsSync(`${file}.tmp`)).toBe(false)
})

it.each([
  ['half a file', '[{"kind":"catalog","items":["sku:1"'],
  ['another shape', '{"kind":"catalog"}'],
  ['an unknown kind', '[{"kind":"everything","items":[]}]'],
])('sets aside a journal it cannot read (%s), says so, and asks for a full build', (_, text) => {
  const file = path.join(dir, 'changes-waiting.json')
  writeFileSync(file, text)
  const logged: string[] = []
  expect(fileJournal(file, (message) => logged.push(message)).read()).toEqual([{ kind: 'catalog', items: [], complete: false }])
  expect(readFileSync(`${file}.unreadable`, 'utf8')).toBe(text)
  expect(logged[0]).toMatch(/could not be read and was set aside/)
})
