/** The replay server answers from the recordings what they answer, passes the rest on, and counts who answered. */
import { loadRecordings } from './recordings'
import { startReplay, type Replay } from './replay'
import { startVtexSimulator, type VtexSimulator } from './simulator'
import { SEARCH_PREFIX } from './validator'

let vtex: VtexSimulator
const replays: Replay[] = []
beforeAll(async () => {
  vtex = await startVtexSimulator({ products: 20 })
}, 60_000)
afterAll(async () => {
  await Promise.all(replays.map((r) => r.close()))
  await vtex?.close()
})

const replay = async (upstream?: string) => {
  const started = await startReplay({ upstream })
  replays.push(started)
  return started
}
const get = async (base: string, path: string) => {
  const response = await fetch(base + path, { headers: { accept: 'application/json' } })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

it('answers a recorded request with its recording, unchanged, whatever order its facets and extra parameters come in', async () => {
  const on = await replay()
  const recording = loadRecordings().find((r) => r.file === 'faststore/SearchQuery.productSearchCategory1Fetch.5a6830950e.json')!
  const answer = await get(on.url, `${SEARCH_PREFIX}/product_search/trade-policy/1/category-1/office?locale=it-IT&page=1&count=5`)
  expect(answer).toEqual({ status: 200, body: recording.response.body })
  expect(on.served).toEqual([expect.objectContaining({ by: 'recording', file: recording.file })])
})

it('tells apart what picks the answer: another page or term is not the recording', async () => {
  const on = await replay()
  expect((await get(on.url, `${SEARCH_PREFIX}/product_search/trade-policy/1/category-1/office?page=2&count=5`)).status).toBe(404)
  expect((await get(on.url, `${SEARCH_PREFIX}/product_search/trade-policy/1/category-1/office?page=1&count=5&query=sedia`)).status).toBe(404)
  expect(on.counts).toEqual({ recording: 0, upstream: 0, none: 2 })
})

it('passes what no recording answers on to the upstream, and counts it', async () => {
  const on = await replay(vtex.url)
  const tree = await get(on.url, '/api/catalog_system/pub/category/tree/3')
  const facets = await get(on.url, `${SEARCH_PREFIX}/facets/trade-policy/1?locale=it-IT&query=crocchette`)
  expect(tree.status).toBe(200)
  expect(facets.status).toBe(200)
  // The recorded tree (two levels deep, asked for three) answers any request for as many levels; the facets of a term went to the simulator.
  expect(on.served.map((s) => s.by)).toEqual(['recording', 'upstream'])
  expect(on.counts).toEqual({ recording: 1, upstream: 1, none: 0 })
})
