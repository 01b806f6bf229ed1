import { z } from 'zod/v4'
import { AdminSkuPatchBody } from '../wire'
import { StoreItem } from '../wire-stores'
import { parse } from './errors'

const problem = (schema: z.ZodType, input: unknown, root = 'body'): string => {
  try {
    parse(schema, input, root)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('parsed')
}

describe('parse', () => {
  it('names a missing field, a wrong type and a broken bound, one problem a field', () => {
    const Body = z.object({ sku: z.string().min(1).max(64), quantity: z.number().int() })
    expect(problem(Body, undefined)).toBe('body is required')
    expect(problem(Body, { sku: [] })).toBe('sku must be string, not array; quantity is required')
    expect(problem(Body, { sku: 'x'.repeat(65), quantity: 1.5 })).toBe('sku must have at most 64 characters; quantity must be integer, not float')
  })

  it('names the bound of the schema, not the safe range of integers, and refuses Infinity as no number', () => {
    expect(problem(StoreItem, { sku: 'a', quantity: 1e20 })).toBe('quantity must be at most 10000')
    expect(problem(z.object({ lat: z.coerce.number().max(90) }), { lat: 'Infinity' }, 'query')).toBe('lat must be a finite number')
  })

  it('names the problem of the option that took a value of a union', () => {
    const Repeated = z.union([z.string().max(3), z.array(z.string().max(3))])
    expect(problem(z.object({ brand: Repeated }), { brand: 'abcd' }, 'query')).toBe('brand must have at most 3 characters')
    expect(problem(z.object({ brand: Repeated }), { brand: ['a', 'abcd'] }, 'query')).toBe('brand.1 must have at most 3 characters')
  })

  it('names one enum value missing as required, and a wrong one with the choices', () => {
    const Query = z.object({ sort: z.enum(['a', 'b']) })
    expect(problem(Query, {}, 'query')).toBe('sort is required')
    expect(problem(Query, { sort: 'c' }, 'query')).toBe('sort must be one of a, b')
  })

  it('asks for a price only when none of the given ones is wrong', () => {
    expect(problem(AdminSkuPatchBody, {})).toBe('body give at least one of lowPrice, price, listPrice')
    expect(problem(AdminSkuPatchBody, { price: -1 })).toBe('price must be at least 0')
    expect(problem(AdminSkuPatchBody, { price: 1.234 })).toBe('price must have at most 2 decimals')
    expect(problem(AdminSkuPatchBody, { price: 1, colour: 'red' })).toBe('body has unexpected field colour')
  })
})
