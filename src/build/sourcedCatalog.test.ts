import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { codeDigest, digestOf, keepsCatalog, sourcingSetting, SourcingSettingError, type CatalogCounts, type CatalogStamp, type SourcedCatalog } from './sourcedCatalog'

const stamp: CatalogStamp = { revision: 'epoch.12', code: 'c0de', sample: 'ab12' }
const counts: CatalogCounts = { Category: 189, Brand: 46, Product: 1500 }
const recorded: SourcedCatalog = { ...stamp, counts }

describe('CATALOG_SOURCING', () => {
  it('reads only a changed catalog unless told otherwise', () => {
    expect(sourcingSetting(undefined)).toBe('changed')
    expect(sourcingSetting(' ')).toBe('changed')
    expect(sourcingSetting('always')).toBe('always')
  })

  it.each(['never', 'ALWAYS', '1'])('refuses %j, naming the variable and the values it takes', (value) => {
    expect(() => sourcingSetting(value)).toThrow(SourcingSettingError)
    expect(() => sourcingSetting(value)).toThrow(`CATALOG_SOURCING must be "changed" (read the catalog only when its revision changed) or "always", got "${value}"`)
  })
})

describe('keepsCatalog', () => {
  it('keeps the nodes when revision, code, sample and counts are those recorded', () => {
    expect(keepsCatalog('changed', recorded, { ...stamp }, { ...counts })).toEqual({ keep: true })
  })

  it.each<[string, Parameters<typeof keepsCatalog>, string]>([
    ['always', ['always', recorded, stamp, counts], 'CATALOG_SOURCING=always'],
    ['no revision', ['changed', recorded, null, counts], 'the backend tells no catalog revision, or the build’s code has none'],
    ['nothing recorded', ['changed', undefined, stamp, counts], 'no earlier sourcing is recorded'],
    ['a record of another shape', ['changed', { revision: 'epoch.12', counts }, stamp, counts], 'no earlier sourcing is recorded'],
    ['a record with a count missing', ['changed', { ...stamp, counts: { Category: 1, Brand: 1 } }, stamp, counts], 'no earlier sourcing is recorded'],
    ['a new revision', ['changed', recorded, { ...stamp, revision: 'epoch.13' }, counts], 'the catalog changed'],
    ['new code', ['changed', recorded, { ...stamp, code: 'beef' }, counts], 'the build’s code changed'],
    ['another sample', ['changed', recorded, { ...stamp, sample: 'cd34' }, counts], 'the catalog’s first products read differently'],
    ['nodes lost', ['changed', recorded, stamp, { ...counts, Product: 1499 }], 'the data store holds 1499 Product nodes, not the 1500 sourced'],
    ['no product', ['changed', { ...stamp, counts: { Category: 0, Brand: 0, Product: 0 } }, stamp, { Category: 0, Brand: 0, Product: 0 }], 'the data store holds no product'],
  ])('reads it all again with %s', (_name, args, why) => {
    expect(keepsCatalog(...args)).toEqual({ keep: false, why })
  })
})

describe('digests', () => {
  it('tell apart what differs and agree on what does not', () => {
    expect(digestOf([{ id: '1', price: 12.5 }])).toBe(digestOf([{ id: '1', price: 12.5 }]))
    expect(digestOf([{ id: '1', price: 12.5 }])).not.toBe(digestOf([{ id: '1', price: 12.49 }]))
  })

  it('of the compiled code: null without the file, a new one when it changes', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'code-digest-'))
    try {
      const file = path.join(dir, 'gatsby-node.js')
      expect(codeDigest(file)).toBeNull()
      writeFileSync(file, 'exports.a = 1')
      const first = codeDigest(file)
      writeFileSync(file, 'exports.a = 2')
      expect(first).toMatch(/^[0-9a-f]{32}$/)
      expect(codeDigest(file)).not.toBe(first)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
