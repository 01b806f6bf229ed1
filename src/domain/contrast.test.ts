import { contrastRatio, luminance, readableColor } from './contrast'

describe('contrast', () => {
  it('computes the WCAG ratios of known pairs', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5)
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5)
    // #767676 is the lightest grey that passes AA on white.
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2)
    expect(contrastRatio('#E31C58', '#16181B')).toBeLessThan(4.5)
  })

  it('reads short and long hex, and nothing else', () => {
    expect(luminance('#FFF')).toBeCloseTo(1, 5)
    expect(luminance(' #000000 ')).toBe(0)
    expect(luminance('red')).toBeNull()
    expect(luminance('#12345')).toBeNull()
    expect(contrastRatio('rgb(0,0,0)', '#fff')).toBeNull()
  })

  it("keeps an editor's colour only where it is readable", () => {
    expect(readableColor('#B8103F', '#FFFFFF')).toBe('#B8103F')
    expect(readableColor('#E31C58', '#16181B')).toBeUndefined()
    expect(readableColor('#FFD45C', '#16181B')).toBe('#FFD45C')
    expect(readableColor('hotpink', '#FFFFFF')).toBeUndefined()
    expect(readableColor(undefined, '#FFFFFF')).toBeUndefined()
    expect(readableColor('#767676', '#FFFFFF')).toBe('#767676')
    expect(readableColor('#777777', '#FFFFFF')).toBeUndefined()
  })
})
