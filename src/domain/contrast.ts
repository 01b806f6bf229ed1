/**
 * WCAG 2.1 contrast for the colours editors set in cms/ (menu titles, footer
 * labels). An editor's colour is used only where its text stays readable
 * (4.5:1 against the background it sits on, WCAG 1.4.3 AA); otherwise the
 * theme's colour stands, so no content change can make a page fail.
 */

/** Relative luminance of a #rgb or #rrggbb colour; null for anything else. */
export function luminance(color: string): number | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1]
  if (!hex) return null
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The contrast ratio of two colours (1 to 21); null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a)
  const lb = luminance(b)
  if (la === null || lb === null) return null
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05)
}

export const MIN_TEXT_CONTRAST = 4.5

/** The editor's colour when it is readable on `background`, otherwise undefined (the theme's colour applies). */
export function readableColor(color: string | undefined, background: string, min = MIN_TEXT_CONTRAST): string | undefined {
  if (!color) return undefined
  const ratio = contrastRatio(color, background)
  return ratio !== null && ratio >= min ? color : undefined
}
