/**
 * Order forms under concurrent writes and interrupted writes: parallel adds
 * of one sku all count, parallel quantity changes never lose an update or a
 * line, and a write that fails halfway through its transaction leaves the
 * order form exactly as it was. Runs on PGlite and, under test:pg, on
 * PostgreSQL, where the requests really do overlap.
 */
import { OrderForm } from '../wire'
import type { Db, Queryable } from '../db/types'
import { createTestPlatform, inBrowser, serve, type TestPlatform } from '../testing/app'

const { call, cartWith } = inBrowser()

let platform: TestPlatform
/** Two plain skus: 12,50 €, at most 50 per line, no minimum, no tiers. */
let first: string
let second: string

beforeAll(async () => {
  platform = await createTestPlatform(60)
  first = (await cartWith(platform, 1)).sku
  const [row] = await platform.db.query<{ sku: string }>(
    `SELECT v.sku FROM variants v JOIN products p ON p.id = v.product_id
     WHERE p.listed AND v.low_price_cents > 0 AND p.min_quantity = 1 AND p.price_tiers = '[]'::jsonb AND v.sku <> $1 ORDER BY v.sku LIMIT 1`,
    [first],
  )
  second = row!.sku
  await platform.db.query('UPDATE variants SET price_cents = 1250, list_price_cents = 1250, low_price_cents = 1250, max_quantity = 50 WHERE sku = $1', [second])
})
afterAll(() => platform.close())

async function read(id: string, on: TestPlatform = platform): Promise<OrderForm> {
  return OrderForm.parse((await call(on, 'GET', `/api/orderforms/${id}`)).json())
}

/** The regular (not gift) lines as [sku, quantity], in order. */
const regular = (form: OrderForm) => form.items.filter((i) => !i.isGift).map((i) => [i.sku, i.quantity])

async function twoLines(a: number, b: number): Promise<OrderForm> {
  const { form } = await cartWith(platform, a)
  const added = await call(platform, 'POST', `/api/orderforms/${form.id}/items`, { json: { sku: second, quantity: b } })
  expect(added.status).toBe(200)
  return OrderForm.parse(added.json())
}

describe('concurrent writes to one order form', () => {
  it('20 parallel adds of one sku end at exactly 20 units more, on one line', async () => {
    const { form } = await cartWith(platform, 5)
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(platform, 'POST', `/api/orderforms/${form.id}/items`, { json: { sku: first, quantity: 1 } })),
    )
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 20 }, () => 200))
    expect(regular(await read(form.id))).toEqual([[first, 25]])
  })

  it('two concurrent quantity changes to different lines both stick', async () => {
    for (let round = 0; round < 5; round += 1) {
      const form = await twoLines(1, 1)
      const [one, two] = await Promise.all([
        call(platform, 'PATCH', `/api/orderforms/${form.id}/items`, { json: { sku: first, quantity: 7 + round } }),
        call(platform, 'PATCH', `/api/orderforms/${form.id}/items`, { json: { sku: second, quantity: 9 + round } }),
      ])
      expect([one.status, two.status]).toEqual([200, 200])
      expect(regular(await read(form.id))).toEqual([
        [first, 7 + round],
        [second, 9 + round],
      ])
    }
  })

  it('two concurrent changes to the same line end at one of the two, with no line lost or doubled', async () => {
    for (let round = 0; round < 5; round += 1) {
      const form = await twoLines(1, 4)
      const answers = await Promise.all([3, 8].map((quantity) => call(platform, 'PATCH', `/api/orderforms/${form.id}/items`, { json: { sku: first, quantity } })))
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      const lines = regular(await read(form.id))
      expect(lines).toHaveLength(2)
      expect(lines[1]).toEqual([second, 4])
      expect(lines[0]?.[0]).toBe(first)
      expect([3, 8]).toContain(lines[0]?.[1])
    }
  })

  it('an add from one tab and a change of other lines from another, at once, both stick', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { form } = await cartWith(platform, 1)
      const [added, set] = await Promise.all([
        call(platform, 'POST', `/api/orderforms/${form.id}/items`, { json: { sku: second, quantity: 1 } }),
        call(platform, 'POST', `/api/orderforms/${form.id}/items/set`, { json: { items: [{ sku: first, quantity: 4 + round }] } }),
      ])
      expect([added.status, set.status]).toEqual([200, 200])
      expect(regular(await read(form.id))).toEqual([
        [first, 4 + round],
        [second, 1],
      ])
    }
  })

  it('parallel adds, changes and removals of other lines keep every line exactly once', async () => {
    const form = await twoLines(2, 2)
    await Promise.all([
      ...Array.from({ length: 5 }, () => call(platform, 'POST', `/api/orderforms/${form.id}/items`, { json: { sku: first, quantity: 1 } })),
      ...Array.from({ length: 5 }, (_, n) => call(platform, 'PATCH', `/api/orderforms/${form.id}/items`, { json: { sku: second, quantity: n + 1 } })),
    ])
    const lines = regular(await read(form.id))
    expect(lines.map(([sku]) => sku)).toEqual([first, second])
    expect(lines[0]?.[1]).toBe(7)
    expect([1, 2, 3, 4, 5]).toContain(lines[1]?.[1])
  })
})

/**
 * The platform's database with a fault: once armed, the `after`-th writing
 * statement of a transaction succeeds and then the transaction fails, as
 * when the process dies or the connection drops between two statements.
 */
function faultyDb(db: Db): Db & { arm(after: number): void; fired(): boolean } {
  let armed = false
  let after = 1
  let fired = false
  const wrap = (tx: Queryable): Queryable => {
    let writes = 0
    return {
      exec: (sql) => tx.exec(sql),
      async query<T extends object>(sql: string, params?: Parameters<Queryable['query']>[1]): Promise<T[]> {
        const rows = await tx.query<T>(sql, params)
        if (armed && /^\s*(INSERT|UPDATE|DELETE)\b/i.test(sql) && ++writes >= after) {
          armed = false
          fired = true
          throw new Error('connection lost in the middle of a write')
        }
        return rows
      },
    }
  }
  return {
    query: <T extends object>(sql: string, params?: Parameters<Queryable['query']>[1]) => db.query<T>(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: async () => undefined,
    description: `faulty ${db.description}`,
    arm: (writes) => {
      after = writes
      armed = true
      fired = false
    },
    fired: () => fired,
  }
}

describe('a write interrupted inside its transaction', () => {
  let faulty: ReturnType<typeof faultyDb>
  let broken: TestPlatform

  beforeAll(async () => {
    faulty = faultyDb(platform.db)
    broken = await serve(faulty, null)
  })
  afterAll(() => broken.close())

  const rows = (id: string) => platform.db.query('SELECT position, sku, seller, attachments, quantity, is_gift FROM order_form_lines WHERE order_form_id = $1 ORDER BY position', [id])

  const cases = [
    // The skus are chosen in beforeAll, after this table is read: 'first' and 'second' stand for them.
    ['an add', 'POST', '', { sku: 'first', quantity: 2 }],
    ['a new line', 'POST', '', { sku: 'second', quantity: 2 }],
    ['a quantity change', 'PATCH', '', { sku: 'first', quantity: 6 }],
    ['a removal', 'POST', '/remove', { sku: 'first' }],
    ['a replacement of every line', 'PUT', '', { items: [{ sku: 'second', quantity: 1 }] }],
    ['a change of named lines', 'POST', '/set', { items: [{ sku: 'first', quantity: 0 }, { sku: 'second', quantity: 4 }] }],
  ] as const
  // A write deletes the lines, inserts the new ones, then stamps the order form: fail after the first and after the second.
  it.each(cases.flatMap(([name, ...rest]) => [1, 2].map((after) => [name, after, ...rest] as const)))(
    '%s that fails after write statement %i leaves the order form as it was', async (_case, after, method, suffix, body) => {
      const form = await twoLines(3, 1)
      const json = JSON.parse(JSON.stringify(body).replaceAll('"first"', JSON.stringify(first)).replaceAll('"second"', JSON.stringify(second))) as unknown
      const before = await read(form.id)
      const beforeRows = await rows(form.id)
      faulty.arm(after)
      const answer = await call(broken, method, `/api/orderforms/${form.id}/items${suffix}`, { json })
      expect(faulty.fired()).toBe(true)
      expect(answer.status).toBe(500)
      expect(answer.json().error.code).toBeDefined()
      expect(await rows(form.id)).toEqual(beforeRows)
      expect(await read(form.id)).toEqual(before)
      // The same write on the healthy platform goes through: the fault, not the request, stopped it.
      expect((await call(platform, method, `/api/orderforms/${form.id}/items${suffix}`, { json })).status).toBe(200)
    },
  )
})
