/**
 * The platform killed in the middle of writes leaves no order form half
 * updated. The platform runs as its own process (supervisor/platformProcess.ts,
 * as `npm start` runs it) on a file-backed PGlite folder, and on PostgreSQL
 * when TEST_DATABASE_URL is set. Each round opens order forms, fires
 * concurrent writes at them (multi-line replaces and adds), sends SIGKILL at
 * a random moment, starts the platform again on the same data and checks
 * every order form:
 *
 * - a replaced form holds exactly the lines of one replace that was sent (or
 *   its first lines when none was acknowledged): never a mix of two, never
 *   part of one; every replace gives all its lines one quantity of its own,
 *   so a partial or mixed line set shows;
 * - an added-to form holds its sku once, 1 + k units, k between the adds
 *   acknowledged and the adds sent: no acknowledged add lost, none invented;
 * - its totals are the sums of its lines, and a complete write of the same
 *   lines produces exactly the form that was read (gifts included);
 * - forms of earlier rounds are exactly as they were checked before.
 *
 * KILL_ROUNDS sets the rounds per database (8 by default).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { newGuestKey } from '../../platform/cart/guest-key'
import { PLATFORM_CART_COOKIE } from '../../platform/wire'
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from '../../platform/testing/database'

const ROUNDS = Number(process.env.KILL_ROUNDS ?? 8)
const REPLACED_FORMS = 6
const ADDED_FORMS = 4
const WORKERS = 12
/** The kill comes this long after the writes start, at random. */
const KILL_AFTER_MS: [number, number] = [150, 1_200]
/** Adds per added-to form and round, below the maximum of every sku used (40 or more). */
const MAX_ADDS = 30
/** Replaces give every line one quantity from 1 to 9; a form's first lines have 10 each, which no replace writes. */
const FIRST_QUANTITY = 10

const root = path.resolve(__dirname, '..', '..')

interface Running {
  child: ChildProcess
  url: string
}

/** Starts supervisor/platformProcess.ts on a free port; resolves with its address once it is ready. */
function startPlatform(env: NodeJS.ProcessEnv): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'supervisor/platformProcess.ts'], {
      cwd: root,
      env: { ...process.env, ...env, PLATFORM_PORT: '0', HOST: '127.0.0.1', PLATFORM_LOG_LEVEL: 'error', SEED_PRODUCTS: '40', PLATFORM_CONTROL_FILE: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`the platform did not start within 120 s:\n${output}`))
    }, 120_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const ready = /platform ready at (http:\/\/\S+)/.exec(output)
      if (ready) {
        clearTimeout(timer)
        child.stdout?.off('data', read)
        resolve({ child, url: ready[1]! })
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`the platform exited (${signal ?? code}) before it was ready:\n${output}`))
    })
  })
}

function kill(running: Running, signal: NodeJS.Signals): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    running.child.once('exit', () => resolve())
    running.child.kill(signal)
  })
}

type Line = [sku: string, quantity: number]

interface Item {
  sku: string
  quantity: number
  price: number
  listPrice: number
  isGift: boolean
}

interface Form {
  id: string
  items: Item[]
  totals: { total: number; subTotal: number; totalItems: number; totalUniqueItems: number }
}

/** One browser's guest-cart key: the order forms the test makes are bound to it, and only it reads them. */
const BROWSER_COOKIE = `${PLATFORM_CART_COOKIE}=${newGuestKey()}`

async function api<T>(url: string, method = 'GET', body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? { cookie: BROWSER_COOKIE } : { cookie: BROWSER_COOKIE, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  return { status: response.status, json: (await response.json()) as T }
}

const paid = (form: Form): Line[] => form.items.filter((i) => !i.isGift).map((i): Line => [i.sku, i.quantity])
const key = (lines: Line[]) => JSON.stringify([...lines].sort())
const cents = (euros: number) => Math.round(euros * 100)

/** What a replaced form may hold: its first lines, or the lines of any replace sent. */
interface Replaced {
  kind: 'replace'
  id: string
  first: Line[]
  sent: Line[][]
  acked: Line[][]
}

/** What an added-to form may hold: its sku, 1 + k units. */
interface Added {
  kind: 'add'
  id: string
  sku: string
  sent: number
  acked: number
}

type Tracked = Replaced | Added

const backends: [string, () => Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }>][] = [
  [
    'PGlite in a folder',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'kill-pglite-'))
      return { env: { PLATFORM_DATA_DIR: dir, DATABASE_URL: '' }, drop: () => rm(dir, { recursive: true, force: true }) }
    },
  ],
]
if (testDatabaseUrl()) {
  backends.push([
    'PostgreSQL',
    async () => {
      const place: TestDatabase = await createTestDatabase()
      return { env: { DATABASE_URL: place.databaseUrl, PLATFORM_DATA_DIR: '' }, drop: () => place.drop() }
    },
  ])
}

const figures: string[] = []
afterAll(() => {
  if (figures.length > 0) process.stdout.write(`\nPlatform killed mid-write (${ROUNDS} rounds per database):\n${figures.join('\n')}\n`)
})

describe.each(backends)('the platform killed mid-write on %s', (backend, open) => {
  let data: Awaited<ReturnType<typeof open>>
  let platform: Running
  let skus: string[]
  /** Every form checked so far, with the lines it must keep. */
  const settled = new Map<string, string>()

  beforeAll(async () => {
    data = await open()
    platform = await startPlatform(data.env)
    const catalog = await api<{ items: { minQuantity: number; priceTiers: unknown[]; variants: { sku: string; lowPrice: number; maxQuantity: number }[] }[] }>(
      `${platform.url}/api/catalog/products?page=0&pageSize=40`,
    )
    skus = catalog.json.items
      .filter((p) => p.minQuantity === 1 && p.priceTiers.length === 0)
      .flatMap((p) => p.variants)
      .filter((v) => v.lowPrice > 0 && v.maxQuantity >= 40)
      .map((v) => v.sku)
      .slice(0, 8)
    expect(skus.length).toBeGreaterThanOrEqual(6)
  }, 180_000)

  afterAll(async () => {
    if (platform) await kill(platform, 'SIGTERM')
    await data?.drop()
  })

  async function openForms(round: number): Promise<Tracked[]> {
    const forms: Tracked[] = []
    for (let n = 0; n < REPLACED_FORMS + ADDED_FORMS; n += 1) {
      const created = await api<Form>(`${platform.url}/api/orderforms`, 'POST')
      expect(created.status).toBe(201)
      const id = created.json.id
      if (n < REPLACED_FORMS) {
        const first: Line[] = skus.slice(n % 3, (n % 3) + 3).map((sku): Line => [sku, FIRST_QUANTITY])
        const put = await api<Form>(`${platform.url}/api/orderforms/${id}/items`, 'PUT', { items: first.map(([sku, quantity]) => ({ sku, quantity })) })
        expect(put.status).toBe(200)
        forms.push({ kind: 'replace', id, first, sent: [], acked: [] })
      } else {
        const sku = skus[(n + round) % skus.length]!
        expect((await api(`${platform.url}/api/orderforms/${id}/items`, 'POST', { sku, quantity: 1 })).status).toBe(200)
        forms.push({ kind: 'add', id, sku, sent: 0, acked: 0 })
      }
    }
    return forms
  }

  /** Sends writes from WORKERS loops until the platform dies; answers how many were sent and acknowledged. */
  async function writeUntilKilled(forms: Tracked[], killAfterMs: number): Promise<{ sent: number; acked: number; failed: number }> {
    let alive = true
    let write = 0
    const tally = { sent: 0, acked: 0, failed: 0 }
    const worker = async () => {
      while (alive) {
        const picked = forms[Math.floor(Math.random() * forms.length)]!
        // An added-to form stays well under its sku's maximum; past it, another form is written.
        const form = picked.kind === 'add' && picked.sent >= MAX_ADDS ? forms[0]! : picked
        write += 1
        tally.sent += 1
        let request: Promise<{ status: number }>
        let onAck: () => void
        if (form.kind === 'replace') {
          // 2 to 5 lines, all with this write's own quantity.
          const quantity = (write % 9) + 1
          const start = write % skus.length
          const lines: Line[] = [...skus, ...skus].slice(start, start + 2 + (write % 4)).map((sku): Line => [sku, quantity])
          form.sent.push(lines)
          request = api(`${platform.url}/api/orderforms/${form.id}/items`, 'PUT', { items: lines.map(([sku, q]) => ({ sku, quantity: q })) })
          onAck = () => form.acked.push(lines)
        } else {
          form.sent += 1
          request = api(`${platform.url}/api/orderforms/${form.id}/items`, 'POST', { sku: form.sku, quantity: 1 })
          onAck = () => (form.acked += 1)
        }
        try {
          const answer = await request
          if (answer.status !== 200) throw new Error(`a write answered ${answer.status}`)
          onAck()
          tally.acked += 1
        } catch (error) {
          tally.failed += 1
          if (alive) throw error
          return
        }
      }
    }
    const running = Array.from({ length: WORKERS }, worker)
    await new Promise((resolve) => setTimeout(resolve, killAfterMs))
    alive = false
    await kill(platform, 'SIGKILL')
    await Promise.all(running)
    return tally
  }

  /** Checks one form read after the restart; answers its lines and how it ended. */
  async function check(form: Tracked): Promise<{ lines: Line[]; ended: string }> {
    const read = await api<Form>(`${platform.url}/api/orderforms/${form.id}`)
    expect(read.status).toBe(200)
    const stored = read.json
    const lines = paid(stored)
    let ended: string
    if (form.kind === 'replace') {
      const possible = [form.first, ...form.sent].map(key)
      expect({ form: form.id, lines: key(lines), possible: possible.includes(key(lines)) }).toEqual({ form: form.id, lines: key(lines), possible: true })
      if (form.acked.length > 0) expect(key(lines)).not.toBe(key(form.first))
      ended = key(lines) === key(form.first) ? 'first' : form.acked.some((l) => key(l) === key(lines)) ? 'acked' : 'unacked'
    } else {
      expect(lines).toHaveLength(1)
      const [sku, quantity] = lines[0]!
      expect(sku).toBe(form.sku)
      expect(quantity - 1).toBeGreaterThanOrEqual(form.acked)
      expect(quantity - 1).toBeLessThanOrEqual(form.sent)
      ended = quantity - 1 > form.acked ? 'unacked' : 'acked'
    }
    // Totals are the sums of the lines.
    const items = stored.items
    expect(cents(stored.totals.total)).toBe(items.reduce((sum, i) => sum + cents(i.price) * i.quantity, 0))
    expect(cents(stored.totals.subTotal)).toBe(items.reduce((sum, i) => sum + cents(i.listPrice) * i.quantity, 0))
    expect(stored.totals.totalItems).toBe(lines.reduce((sum, [, q]) => sum + q, 0))
    expect(stored.totals.totalUniqueItems).toBe(lines.length)
    // A complete write of the same lines produces exactly what was read, gifts included.
    const rewritten = await api<Form>(`${platform.url}/api/orderforms/${form.id}/items`, 'PUT', { items: lines.map(([sku, quantity]) => ({ sku, quantity })) })
    expect(rewritten.status).toBe(200)
    expect(rewritten.json.items).toEqual(stored.items)
    expect(rewritten.json.totals).toEqual(stored.totals)
    return { lines, ended }
  }

  it(`keeps every order form whole across ${ROUNDS} kills`, async () => {
    const ended = { first: 0, acked: 0, unacked: 0 }
    let writes = { sent: 0, acked: 0, failed: 0 }
    const restarts: number[] = []
    for (let round = 1; round <= ROUNDS; round += 1) {
      const forms = await openForms(round)
      const killAfterMs = KILL_AFTER_MS[0] + Math.floor(Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]))
      const tally = await writeUntilKilled(forms, killAfterMs)
      writes = { sent: writes.sent + tally.sent, acked: writes.acked + tally.acked, failed: writes.failed + tally.failed }

      const restarted = Date.now()
      platform = await startPlatform(data.env)
      restarts.push(Date.now() - restarted)

      // Forms of earlier rounds are as they were.
      for (const [id, lines] of settled) {
        const again = await api<Form>(`${platform.url}/api/orderforms/${id}`)
        expect({ id, lines: key(paid(again.json)) }).toEqual({ id, lines })
      }
      const counts = { first: 0, acked: 0, unacked: 0 }
      for (const form of forms) {
        const result = await check(form)
        counts[result.ended as keyof typeof counts] += 1
        settled.set(form.id, key(result.lines))
      }
      for (const name of Object.keys(ended) as (keyof typeof ended)[]) ended[name] += counts[name]
      figures.push(
        `  ${backend.padEnd(18)} round ${String(round).padStart(2)}: killed after ${String(killAfterMs).padStart(4)} ms; ${String(tally.sent).padStart(4)} writes sent, ` +
          `${String(tally.acked).padStart(4)} acknowledged, ${String(tally.failed).padStart(2)} cut off; restart ${(restarts.at(-1)! / 1000).toFixed(1)} s; ` +
          `${forms.length} forms whole (last write acknowledged ${counts.acked}, unacknowledged but complete ${counts.unacked}, untouched ${counts.first})`,
      )
    }
    figures.push(
      `  ${backend.padEnd(18)} total: ${writes.sent} writes, ${writes.acked} acknowledged, ${writes.failed} cut off by the kill; ${settled.size} order forms checked, each again after every later restart, ` +
        `none partial; restart ${(Math.min(...restarts) / 1000).toFixed(1)}–${(Math.max(...restarts) / 1000).toFixed(1)} s`,
    )
  }, 600_000)
})
