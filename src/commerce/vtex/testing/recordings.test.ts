/** The fixtures load whole, say where they come from, and are found by the request they answer. */
import { VENDORED_OPERATIONS } from '../openapi/operations'
import { coverage, loadRecordings, recordingsFor, recordingsOf } from './recordings'

it('loads every fixture with its source: a FastStore commit and file, or a published document and pointer', () => {
  const all = loadRecordings()
  expect(all.length).toBeGreaterThan(100)
  for (const r of all) {
    if (r.file.startsWith('faststore/')) {
      expect([r.file, r.kind, r.source.repository]).toEqual([r.file, 'recorded answer', 'vtex/faststore'])
      expect([r.file, r.source.commit]).toEqual([r.file, expect.stringMatching(/^[0-9a-f]{40}$/)])
      expect([r.file, r.source.path]).toEqual([r.file, expect.stringMatching(/^packages\/api\/.+\.ts$/)])
    } else {
      expect([r.file, r.kind, r.source.repository]).toEqual([r.file, 'documented example', 'vtex/openapi-schemas'])
      expect([r.file, r.source.pointer]).toEqual([r.file, expect.stringMatching(/^\/paths\/.+\/responses\/\d{3}\/content\//)])
      expect([r.file, r.operation]).toEqual([r.file, expect.any(String)])
    }
  }
})

it('finds the fixtures of a request by its path, origin and query and all, or by the template operations.ts lists', () => {
  const byRequest = recordingsFor('GET', 'https://storeframework.vtexcommercestable.com.br/api/io/_v/api/intelligent-search/facets/category-1/office/trade-policy/1?page=1')
  expect(byRequest.length).toBeGreaterThan(0)
  expect(recordingsFor('GET', '/facets/{facets}')).toEqual(byRequest)
  expect(new Set(byRequest.map((r) => r.operation))).toEqual(new Set(['GET /facets/{facets}']))
  expect(recordingsFor('GET', '/api/no/such/route')).toEqual([])
})

it('keeps apart the answers of a route that answers as an operation unless they are asked for', () => {
  const strict = recordingsFor('GET', '/api/checkout/pub/orderForm/edbe3b03c8c94827a37ec5a6a4648fd2', { kind: 'recorded answer' })
  const alike = recordingsFor('GET', '/api/checkout/pub/orderForm/edbe3b03c8c94827a37ec5a6a4648fd2', { kind: 'recorded answer', sameAnswer: true })
  expect(strict).toEqual([])
  expect(alike.length).toBeGreaterThan(0)
  expect(alike.every((r) => r.request.method === 'POST' && r.answersAs === 'GetCartInformationById')).toBe(true)
  expect(recordingsOf('GetCartInformationById', { sameAnswer: true })).toEqual(expect.arrayContaining(alike))
})

it('counts the fixtures of every operation the backend calls', () => {
  const rows = coverage(VENDORED_OPERATIONS)
  expect(rows).toHaveLength(Object.values(VENDORED_OPERATIONS).flat().length)
  expect(rows.find((r) => r.operation === 'GET /product_search/{facets}')).toMatchObject({ recorded: expect.any(Number), documented: 2 })
  expect(rows.find((r) => r.operation === 'GET /product_search/{facets}')!.recorded).toBeGreaterThan(10)
  expect(rows.find((r) => r.operation === 'Deletedocument')).toMatchObject({ recorded: 0, sameAnswer: 0, documented: 0 })
})
