import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startPlatform, type RunningPlatform } from '../../platform'
import { startPlatformControl } from './platformControl'

let platform: RunningPlatform
let control: string
let folder: string

beforeAll(async () => {
  platform = await startPlatform({ port: 0, dataDir: 'memory://', seedProducts: 20, logLevel: 'silent' })
  folder = await mkdtemp(path.join(tmpdir(), 'control-'))
  const file = path.join(folder, 'control.json')
  control = await startPlatformControl(platform, file)
  expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ url: control })
}, 60_000)

afterAll(async () => {
  await platform.close()
  await rm(folder, { recursive: true, force: true })
})

const post = (action: string) => fetch(`${control}${action}`, { method: 'POST' })

async function timed(url: string): Promise<{ status: number; ms: number; body: unknown }> {
  const started = Date.now()
  const answer = await fetch(url)
  return { status: answer.status, body: await answer.json(), ms: Date.now() - started }
}

describe('the platform control', () => {
  it('slows every API request but the health check, and heals', async () => {
    expect((await post('/slow?ms=700')).status).toBe(200)
    const slow = await timed(`${platform.url}/api/catalog/categories`)
    expect(slow.status).toBe(200)
    expect(slow.ms).toBeGreaterThanOrEqual(650)
    expect((await timed(`${platform.url}/api/health`)).ms).toBeLessThan(650)
    expect((await post('/heal')).status).toBe(200)
    expect((await timed(`${platform.url}/api/catalog/categories`)).ms).toBeLessThan(650)
  })

  it('fails every API request with a JSON 500 until healed, and writes nothing meanwhile', async () => {
    const products = (await (await fetch(`${platform.url}/api/catalog/products?page=0&pageSize=20`)).json()) as { items: { variants: { sku: string; lowPrice: number }[] }[] }
    const sku = products.items.flatMap((p) => p.variants).find((v) => v.lowPrice > 0)!.sku
    // One browser: its guest cart answers only with the key the platform gave it.
    const made = await fetch(`${platform.url}/api/orderforms`, { method: 'POST' })
    const created = (await made.json()) as { id: string }
    const cookie = made.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    expect(cookie).toMatch(/^pf_cart=/)
    expect((await post('/fail')).status).toBe(200)
    const failed = await fetch(`${platform.url}/api/orderforms/${created.id}/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ sku, quantity: 1 }),
    })
    expect(failed.status).toBe(500)
    expect(await failed.json()).toEqual({ error: { code: 'INTERNAL', message: 'internal error' } })
    expect((await fetch(`${platform.url}/api/health`)).status).toBe(200)
    expect((await post('/heal')).status).toBe(200)
    const form = (await (await fetch(`${platform.url}/api/orderforms/${created.id}`, { headers: { cookie } })).json()) as { items: unknown[] }
    expect(form.items).toEqual([])
  })

  it('suspends, and heal listens again', async () => {
    expect((await post('/suspend')).status).toBe(200)
    await expect(fetch(`${platform.url}/api/health`)).rejects.toThrow()
    expect((await post('/heal')).status).toBe(200)
    expect((await fetch(`${platform.url}/api/health`)).status).toBe(200)
  })

  it('refuses what it does not know, and a delay out of bounds', async () => {
    expect((await post('/slow?ms=0')).status).toBe(404)
    expect((await post('/slow?ms=abc')).status).toBe(404)
    expect((await post('/explode')).status).toBe(404)
    expect((await fetch(`${control}/fail`)).status).toBe(404)
  })
})
