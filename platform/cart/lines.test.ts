import { PlatformError } from '../lib/errors'
import { addLine, combineLines, combinePaidLines, lineKey, quantityProblem, removeLine, replaceLines, setLineQuantity, setLines, skuTotalProblem, type CartLine } from './lines'

const line = (sku: string, quantity: number, attachments: CartLine['attachments'] = []): CartLine => ({ sku, seller: '1', attachments, quantity })
const sub = [{ name: 'vtex.subscription.zampa', value: '1 mese' }]

describe('order-form lines', () => {
  it('appends new lines and sums repeated ones in place', () => {
    let lines = addLine([], line('1', 0), 2).lines
    lines = addLine(lines, line('2', 0), 1).lines
    const { lines: after, touched } = addLine(lines, line('1', 0), 3)
    expect(after.map((l) => [l.sku, l.quantity])).toEqual([['1', 5], ['2', 1]])
    expect(touched.quantity).toBe(5)
  })

  it('treats the same sku with other attachments as another line', () => {
    const lines = addLine(addLine([], line('1', 0), 1).lines, line('1', 0, sub), 1).lines
    expect(lines).toHaveLength(2)
  })

  it('ignores attachment order in the line identity', () => {
    const a = [{ name: 'a', value: '1' }, { name: 'b', value: '2' }]
    expect(lineKey(line('1', 1, a))).toBe(lineKey(line('1', 1, [...a].reverse())))
  })

  it('sets a quantity, or fails with 404 for a missing line', () => {
    const lines = [line('1', 1), line('2', 1)]
    expect(setLineQuantity(lines, line('2', 0), 7).lines.map((l) => l.quantity)).toEqual([1, 7])
    expect(() => setLineQuantity(lines, line('3', 0), 1)).toThrow(PlatformError)
    try {
      setLineQuantity(lines, line('3', 0), 1)
    } catch (error) {
      expect((error as PlatformError).status).toBe(404)
      expect((error as PlatformError).message).toBe('the order form has no line for sku 3 from seller 1')
    }
  })

  it('sets the named lines, adding one that is missing and taking away one set to 0, and leaves the others in place', () => {
    const lines = [line('1', 1), line('2', 4), line('3', 1)]
    const { lines: after, touched } = setLines(lines, [line('2', 0), line('1', 3), line('9', 1), line('8', 0), line('9', 1)])
    expect(after.map((l) => [l.sku, l.quantity])).toEqual([['1', 3], ['3', 1], ['9', 2]])
    expect(touched.map((l) => [l.sku, l.quantity])).toEqual([['1', 3], ['9', 2]])
    expect(setLines(lines, []).lines).toEqual(lines)
  })

  it('removes a line keeping the order of the others', () => {
    expect(removeLine([line('1', 1), line('2', 1), line('3', 1)], line('2', 0)).map((l) => l.sku)).toEqual(['1', '3'])
    expect(() => removeLine([], line('2', 0))).toThrow('no line for sku 2')
  })

  it('replaces lines merging duplicates into the first occurrence', () => {
    expect(replaceLines([line('1', 1), line('2', 2), line('1', 3)]).map((l) => [l.sku, l.quantity])).toEqual([['1', 4], ['2', 2]])
  })
})

describe('quantityProblem', () => {
  const bounds = { minQuantity: 1, maxQuantity: 24 }

  it('accepts quantities within bounds', () => {
    expect(quantityProblem('10042', 1, bounds)).toBeNull()
    expect(quantityProblem('10042', 24, bounds)).toBeNull()
  })

  it('names the sku and the bound broken', () => {
    expect(quantityProblem('10042', 25, bounds)).toBe('quantity must be at most 24 for sku 10042')
    expect(quantityProblem('10042', 0, bounds)).toBe('quantity must be at least 1 for sku 10042')
    expect(quantityProblem('10042', 2, { minQuantity: 3, maxQuantity: 24 })).toBe('quantity must be at least 3 for sku 10042')
  })

  describe('COMBINE', () => {
    const max = (sku: string) => (sku === 'capped' ? 5 : 99)

    it('sums equal lines, keeps every line of both carts, saved lines first', () => {
      const saved = [line('1', 2), line('2', 1)]
      const current = [line('3', 4), line('1', 3), line('1', 1, sub)]
      expect(combineLines(saved, current, max).map((l) => [l.sku, l.quantity, l.attachments.length])).toEqual([
        ['1', 5, 0],
        ['2', 1, 0],
        ['3', 4, 0],
        ['1', 1, 1],
      ])
    })

    it('caps a summed quantity at the line maximum instead of dropping the line', () => {
      expect(combineLines([line('capped', 4)], [line('capped', 3)], max)).toEqual([line('capped', 5)])
    })

    it('keeps the saved cart when the current one is empty, and the current one when nothing was saved', () => {
      expect(combineLines([line('1', 2)], [], max)).toEqual([line('1', 2)])
      expect(combineLines([], [line('2', 3)], max)).toEqual([line('2', 3)])
    })

    it("leaves gift lines out of the sum: neither cart's gifts become paid lines or add to a quantity", () => {
      const gift = (sku: string, quantity = 1) => ({ ...line(sku, quantity), isGift: true })
      const paid = (sku: string, quantity: number) => ({ ...line(sku, quantity), isGift: false })
      // The same gift in both carts, and a sku that is a gift in one cart and bought in the other.
      const saved = [paid('1', 2), gift('gift'), gift('2')]
      const current = [paid('2', 3), gift('gift'), paid('1', 1)]
      expect(combinePaidLines(saved, current, max)).toEqual([line('1', 3), line('2', 3)])
      expect(combinePaidLines([gift('gift')], [gift('gift')], max)).toEqual([])
    })

    it('leaves its inputs untouched', () => {
      const saved = [line('1', 2)]
      combineLines(saved, [line('1', 2)], max)
      expect(saved).toEqual([line('1', 2)])
    })
  })
})

describe('skuTotalProblem', () => {
  const lines = [line('10003', 6), { ...line('10003', 4), seller: 'pet01' }, line('10003', 1, sub), line('20000', 50)]

  it('sums a sku over all its lines, whatever their seller or attachments', () => {
    expect(skuTotalProblem(lines, [], '10003', 11)).toBeNull()
    expect(skuTotalProblem(lines, [], '10003', 10)).toBe('quantity must be at most 10 for sku 10003 across all its lines (11 in the cart)')
    expect(skuTotalProblem(lines, [], '99999', 1)).toBeNull()
  })

  it('lets a cart already over the maximum come down, never up', () => {
    const lower = lines.map((l) => (l.attachments.length ? { ...l, quantity: 0 } : l))
    expect(skuTotalProblem(lower, lines, '10003', 5)).toBeNull()
    expect(skuTotalProblem(lines, lines, '10003', 5)).toBeNull()
    expect(skuTotalProblem([...lines, line('10003', 1)], lines, '10003', 5)).toMatch(/at most 5 for sku 10003/)
  })
})
