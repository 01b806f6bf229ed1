import { lazySchema, z } from './zod'

describe('lazySchema', () => {
  it('builds its schema on the first read, once', () => {
    const build = jest.fn(() => z.string())
    const schema = lazySchema(build)
    expect(build).not.toHaveBeenCalled()
    expect(schema.parse('a')).toBe('a')
    expect(schema.safeParse(1).success).toBe(false)
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('defers a check read before the schema is built', () => {
    const build = jest.fn(() => z.string())
    const checked = lazySchema(build).check(z.maxLength(3))
    expect(build).not.toHaveBeenCalled()
    expect(checked.safeParse('abcd').success).toBe(false)
    expect(checked.parse('abc')).toBe('abc')
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('is built when a schema that holds it is read, and shares the one schema', () => {
    const build = jest.fn(() => z.object({ sku: z.string() }))
    const item = lazySchema(build)
    const cart = z.object({ items: z.array(item), first: z.optional(item) })
    z.union([item, z.extend(item, { more: z.string() })])
    expect(build).not.toHaveBeenCalled()
    expect(cart.parse({ items: [{ sku: 'a', extra: 1 }] })).toEqual({ items: [{ sku: 'a' }] })
    expect(build).toHaveBeenCalledTimes(1)
  })
})

describe('the lazy builders parse as zod does', () => {
  const Line = z.object({ sku: z.string().check(z.trim(), z.minLength(1)), quantity: z.number().check(z.int(), z.gte(1), z.lte(99)) })
  const Event = z.discriminatedUnion('type', [
    z.object({ type: z.literal('add'), line: Line }),
    z.object({ type: z.literal('clear') }),
  ])
  const Page = z.pipe(z.coerce.number(), z.transform((n: number) => Math.max(1, Math.floor(n))))
  const Sort = z.catch(z.enum(['price', 'name']), 'name')
  const Tags = z._default(z.array(z.string()), [])
  const Strict = z.strictObject({ id: z.string() })
  const Extended = z.extend(Line, { note: z.nullish(z.string()) })
  const Picked = z.omit(Line, { quantity: true })
  const Pair = z.tuple([z.string(), z.union([z.number(), z.boolean()])])
  const Even = z.number().check(z.refine((n: number) => n % 2 === 0, 'pari'))

  it('accepts and shapes good input', () => {
    expect(Line.parse({ sku: ' a1 ', quantity: 2 })).toEqual({ sku: 'a1', quantity: 2 })
    expect(Event.parse({ type: 'add', line: { sku: 'b', quantity: 1 } })).toEqual({ type: 'add', line: { sku: 'b', quantity: 1 } })
    expect(Event.parse({ type: 'clear' })).toEqual({ type: 'clear' })
    expect(Page.parse('3.7')).toBe(3)
    expect(Sort.parse('bogus')).toBe('name')
    expect(Tags.parse(undefined)).toEqual([])
    expect(Extended.parse({ sku: 'a', quantity: 1, note: null })).toEqual({ sku: 'a', quantity: 1, note: null })
    expect(Picked.parse({ sku: 'a', quantity: 'not read' })).toEqual({ sku: 'a' })
    expect(Pair.parse(['x', true])).toEqual(['x', true])
    expect(Even.parse(4)).toBe(4)
  })

  it('refuses bad input with the path of the fault', () => {
    const quantity = Line.safeParse({ sku: 'a', quantity: 100 })
    expect(quantity.success).toBe(false)
    expect(quantity.error?.issues[0]?.path).toEqual(['quantity'])
    expect(Line.safeParse({ sku: '  ', quantity: 1 }).success).toBe(false)
    expect(Event.safeParse({ type: 'remove' }).success).toBe(false)
    expect(Event.safeParse({ type: 'add', line: { sku: 'b', quantity: 0 } }).error?.issues[0]?.path).toEqual(['line', 'quantity'])
    expect(Strict.safeParse({ id: 'a', more: 1 }).success).toBe(false)
    expect(Pair.safeParse(['x', 'y']).success).toBe(false)
    expect(Even.safeParse(3).error?.issues[0]?.message).toBe('pari')
  })
})

describe('the parser loaded on first use (req PERF-01)', () => {
  // A module registry of its own, where the setup's eager install has not run: as in the browser.
  const fresh = () => {
    let module: typeof import('./zod') | undefined
    jest.isolateModules(() => {
      module = jest.requireActual<typeof import('./zod')>('./zod')
    })
    return module!
  }

  it('builds nothing, and refuses to parse, until loadParser has resolved', async () => {
    const { z: lazyZ, loadParser, parserLoaded } = fresh()
    const Schema = lazyZ.object({ sku: lazyZ.string().check(lazyZ.minLength(1)) })
    expect(parserLoaded()).toBe(false)
    expect(() => Schema.safeParse({ sku: 'a' })).toThrow(/before the parser loaded/)
    await loadParser()
    expect(parserLoaded()).toBe(true)
    expect(Schema.safeParse({ sku: 'a' })).toEqual({ success: true, data: { sku: 'a' } })
    expect(Schema.safeParse({ sku: '' }).success).toBe(false)
  })

  it('loads the browser’s schemas with zod: wire() and wireSchema stand-ins answer only once it has loaded', async () => {
    const { loadParser, wire, wireSchema } = fresh()
    const Message = wireSchema('CartMessage')
    expect(() => wire()).toThrow(/before the parser loaded/)
    expect(() => Message.safeParse({ text: 'x', status: 'info' })).toThrow(/before the parser loaded/)
    await loadParser()
    expect(Message.safeParse({ text: 'x', status: 'info' })).toEqual({ success: true, data: { text: 'x', status: 'info' } })
    expect(Message.safeParse({ text: 'x', status: 'loud' }).success).toBe(false)
    expect(wire().functionRoutes['checkout/addCartItem'].method).toBe('POST')
  })

  it('loads once however many ask at the same time', async () => {
    const { loadParser } = fresh()
    const first = loadParser()
    expect(loadParser()).toBe(first)
    await first
  })
})
