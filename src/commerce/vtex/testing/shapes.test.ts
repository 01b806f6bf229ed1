/**
 * The simulator's answers against the shapes of real VTEX answers (recordings/faststore/): for every
 * operation some recording answers, the simulator is asked the same operation and the two are compared
 * field by field (shapes.ts). A field the simulator invents, drops or types otherwise fails, unless
 * shape-exceptions.json names it with its reason.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod/v4'
import { loadRecordings } from './recordings'
import { compareShapes, recordedAnswersOf, shapeOf, type ShapeDifference } from './shapes'
import { SIMULATOR_APP_KEY, SIMULATOR_APP_TOKEN, startVtexSimulator, type VtexSimulator } from './simulator'
import { SEARCH_PREFIX } from './validator'

const Exceptions = z.object({ exceptions: z.array(z.object({ operation: z.string(), kind: z.enum(['invented', 'dropped', 'retyped']), path: z.string(), reason: z.string().min(20) })) })
const { exceptions } = Exceptions.parse(JSON.parse(readFileSync(join(__dirname, 'shape-exceptions.json'), 'utf8')))

let vtex: VtexSimulator
beforeAll(async () => {
  vtex = await startVtexSimulator({ products: 40 })
}, 60_000)
afterAll(() => vtex?.close())

const PRIVATE = { 'x-vtex-api-appkey': SIMULATOR_APP_KEY, 'x-vtex-api-apptoken': SIMULATOR_APP_TOKEN }

async function call(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(vtex.url + path, { method, headers: { accept: 'application/json', 'content-type': 'application/json', ...init.headers }, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`)
  return { body: text ? (JSON.parse(text) as unknown) : null, cookie: response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') }
}

/** An order form with lines in it, as the simulator keeps it: its id and the cookies that bind it. */
async function orderFormWithLines() {
  const created = await call('GET', '/api/checkout/pub/orderForm?sc=1')
  const id = (created.body as { orderFormId: string }).orderFormId
  const skus = vtex.seed.products.slice(0, 2).map((p) => p.variants[0]!.sku)
  const added = await call('PATCH', `/api/checkout/pub/orderForm/${id}/items?sc=1`, { headers: { cookie: created.cookie }, body: { orderItems: skus.map((sku) => ({ id: sku, quantity: 1, seller: '1' })) } })
  return { id, cookie: created.cookie, added: added.body }
}

/** How the simulator is asked each operation that has recorded answers, and its answers. */
const ASK: Record<string, () => Promise<unknown[]>> = {
  'GET /product_search/{facets}': async () => [(await call('GET', `${SEARCH_PREFIX}/product_search/trade-policy/1?page=1&count=20&locale=it-IT`)).body],
  'GET /facets/{facets}': async () => [(await call('GET', `${SEARCH_PREFIX}/facets/trade-policy/1?locale=it-IT`)).body],
  CategoryTree: async () => [(await call('GET', '/api/catalog_system/pub/category/tree/3')).body],
  BrandList: async () => [(await call('GET', '/api/catalog_system/pvt/brand/list', { headers: PRIVATE })).body],
  GetCartInformationById: async () => {
    const { id, cookie } = await orderFormWithLines()
    return [(await call('GET', `/api/checkout/pub/orderForm/${id}?sc=1`, { headers: { cookie } })).body]
  },
  ItemsHandle: async () => [(await orderFormWithLines()).added],
}

const operationsWithRecordings = [...new Set(loadRecordings().flatMap((r) => (r.kind === 'recorded answer' ? [r.operation ?? r.answersAs].filter((o): o is string => o !== null) : [])))].sort()

it('asks the simulator every operation some real answer was recorded for', () => {
  expect(Object.keys(ASK).sort()).toEqual(operationsWithRecordings)
})

it.each(operationsWithRecordings)('%s: the simulator answers the fields VTEX answers, of their types', async (operation) => {
  const recorded = shapeOf(recordedAnswersOf(operation).map((r) => r.response.body))
  const simulated = shapeOf(await ASK[operation]!())
  const excused = (d: ShapeDifference) => exceptions.some((e) => e.operation === operation && e.kind === d.kind && e.path === d.path)
  expect(compareShapes(recorded, simulated).filter((d) => !excused(d))).toEqual([])
  expect(vtex.validator.violations).toEqual([])
})

it('names in shape-exceptions.json only differences that are there', async () => {
  const found = new Set<string>()
  for (const operation of operationsWithRecordings) {
    const recorded = shapeOf(recordedAnswersOf(operation).map((r) => r.response.body))
    for (const d of compareShapes(recorded, shapeOf(await ASK[operation]!()))) found.add(`${operation} ${d.kind} ${d.path}`)
  }
  expect(exceptions.map((e) => `${e.operation} ${e.kind} ${e.path}`).filter((e) => !found.has(e))).toEqual([])
})
