/** The wire validator forgives exactly what deviations.json lists, and holds answers to what real ones always carry. */
import { VtexWireValidator, vendoredOperation } from './validator'
import { loadRecordings } from './recordings'

let validator: VtexWireValidator
beforeAll(async () => {
  validator = await VtexWireValidator.create()
}, 60_000)
beforeEach(() => {
  validator.violations.length = 0
  validator.counts.violations = 0
})

const HEADERS = { accept: 'application/json', 'content-type': 'application/json' }
const orderForm = (query: Record<string, string>) => validator.checkRequest({ method: 'GET', path: '/api/checkout/pub/orderForm', query, headers: HEADERS })

describe('the sales channel on order-form calls', () => {
  it('forgives `sc`, which Checkout takes and its published schema leaves out', () => {
    expect(orderForm({ sc: '1' })?.name).toBe('CreateANewCart')
    expect(validator.violations).toEqual([])
  })

  it('forgives `sc` alone: another undeclared parameter beside it is a violation, wherever it stands', () => {
    orderForm({ sc: '1', bogus: '2' })
    orderForm({ bogus: '2', sc: '1' })
    expect(validator.violations.map((v) => v.errors.join(' '))).toEqual([expect.stringContaining('"additionalProperty":"bogus"'), expect.stringContaining('"additionalProperty":"bogus"')])
    expect(validator.violations.flatMap((v) => v.errors).join(' ')).not.toContain('"additionalProperty":"sc"')
    expect(validator.lastRequestRefused).toBe(true)
  })
})

describe('answers held to the recorded ones', () => {
  it('counts an answer that lacks a field every recorded answer of its operation has', () => {
    const matched = validator.checkRequest({ method: 'GET', path: '/api/catalog_system/pub/category/tree/2', query: {}, headers: HEADERS })!
    // Valid by the published schema, which requires nothing; the recorded trees always carry hasChildren, Title and MetaTagDescription.
    validator.checkAnswer(matched, 200, [{ id: 1, name: 'Cane', url: 'https://x/cane', children: [] }])
    expect(validator.violations).toEqual([{ where: 'response', operation: 'CategoryTree', errors: expect.arrayContaining([expect.stringContaining('$[].hasChildren')]) }])
  })

  it('passes an answer with every field the recorded answers always have', () => {
    const matched = validator.checkRequest({ method: 'GET', path: '/api/catalog_system/pub/category/tree/2', query: {}, headers: HEADERS })!
    validator.checkAnswer(matched, 200, [{ id: 1, name: 'Cane', hasChildren: false, url: 'https://x/cane', children: [], Title: 'Cane', MetaTagDescription: '' }])
    expect(validator.violations).toEqual([])
  })
})

it('routes every recorded request to the operation the validator’s router matches', () => {
  for (const recording of loadRecordings().filter((r) => r.kind === 'recorded answer')) {
    const url = new URL(recording.request.url)
    const query = Object.fromEntries(url.searchParams)
    const matched = validator.checkRequest({ method: recording.request.method, path: decodeURI(url.pathname), query, headers: HEADERS, body: recording.request.body ?? undefined })
    expect([recording.file, vendoredOperation(recording.request.method, decodeURI(url.pathname))]).toEqual([recording.file, matched?.name ?? null])
  }
})
