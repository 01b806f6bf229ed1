import { IMAGE_WIDTHS, snapWidth } from './product-images'

describe('snapWidth', () => {
  it('keeps a width of the ladder and moves any other up to the next step', () => {
    for (const step of IMAGE_WIDTHS) expect(snapWidth(step)).toBe(step)
    expect(snapWidth(0)).toBe(16)
    expect(snapWidth(16.5)).toBe(32)
    expect(snapWidth(51)).toBe(72)
    expect(snapWidth(1201)).toBe(1600)
    expect(snapWidth(1e9)).toBe(1600)
  })

  it('answers at most one rendering per step for every width a caller may send', () => {
    const seen = new Set<number>()
    for (let w = 1; w <= 5_000; w += 0.5) seen.add(snapWidth(w))
    expect(seen.size).toBe(IMAGE_WIDTHS.length)
  })
})
