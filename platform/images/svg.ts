/**
 * Generated product pictures: a pack silhouette coloured by the top category,
 * with brand, product and variant printed on it. Pure and deterministic: the
 * same input always draws the same picture.
 */

export interface PictureInput {
  sku: string
  /** 1-based picture number; each shows the pack differently. */
  n: number
  brand: string
  productName: string
  variantName: string
  /** Full category slug, e.g. "cane/cibo-secco/adult". */
  categorySlug: string
}

type Shape = 'bag' | 'can' | 'box' | 'bottle' | 'toy' | 'tank' | 'tube'

const TOP_COLOURS: Record<string, [string, string]> = {
  cane: ['#d9822b', '#fff3e3'],
  gatto: ['#7b5ea7', '#f1ebfa'],
  'piccoli-animali': ['#5d9b45', '#eaf5e4'],
  uccelli: ['#d4a417', '#fdf6dc'],
  pesci: ['#2f7bbf', '#e3f0fb'],
  rettili: ['#3f7a3a', '#e5f1e3'],
}

const SHAPES: [RegExp, Shape][] = [
  [/cibo-umido/, 'can'],
  [/antiparassitari|trasportini|gabbie|cucce|abbigliamento|filtri/, 'box'],
  [/giochi/, 'toy'],
  [/guinzagli|illuminazione|riscaldamento/, 'tube'],
  [/igiene|cura-dell/, 'bottle'],
  [/acquari|terrari/, 'tank'],
]

export function shapeFor(categorySlug: string): Shape {
  return SHAPES.find(([pattern]) => pattern.test(categorySlug))?.[1] ?? 'bag'
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
}

/** 32-bit FNV-1a: a stable per-SKU number for small visual variations. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** Greedy word wrap into at most `maxLines` lines of about `width` characters. */
export function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && (current + ' ' + word).length > width) {
      lines.push(current)
      current = word
    } else {
      current = current ? `${current} ${word}` : word
    }
  }
  if (current) lines.push(current)
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines)
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`
    return kept
  }
  return lines
}

function silhouette(shape: Shape, fill: string): string {
  switch (shape) {
    case 'can':
      return `<rect x="230" y="200" width="340" height="420" rx="30" fill="${fill}"/><ellipse cx="400" cy="200" rx="170" ry="36" fill="#d9d9d9"/><ellipse cx="400" cy="620" rx="170" ry="30" fill="${fill}"/>`
    case 'box':
      return `<rect x="190" y="170" width="420" height="470" rx="14" fill="${fill}"/><path d="M190 170 L240 130 L650 130 L610 170 Z" fill="#000" opacity=".18"/>`
    case 'bottle':
      return `<rect x="345" y="110" width="110" height="80" rx="12" fill="#444"/><rect x="260" y="180" width="280" height="460" rx="60" fill="${fill}"/>`
    case 'toy':
      return `<circle cx="400" cy="400" r="230" fill="${fill}"/><path d="M190 400 Q400 250 610 400" stroke="#fff" stroke-width="18" fill="none" opacity=".6"/>`
    case 'tank':
      return `<rect x="130" y="220" width="540" height="360" rx="10" fill="${fill}" opacity=".85"/><rect x="150" y="240" width="500" height="60" fill="#fff" opacity=".25"/><rect x="120" y="580" width="560" height="36" fill="#333"/>`
    case 'tube':
      return `<rect x="280" y="150" width="240" height="500" rx="40" fill="${fill}"/><rect x="280" y="150" width="240" height="60" rx="20" fill="#333"/>`
    default:
      return `<path d="M220 190 Q400 140 580 190 L620 630 Q400 670 180 630 Z" fill="${fill}"/><path d="M220 190 Q400 160 580 190 L585 215 Q400 185 215 215 Z" fill="#000" opacity=".15"/>`
  }
}

function paws(colour: string, seed: number): string {
  const marks: string[] = []
  for (let i = 0; i < 9; i++) {
    const x = 60 + ((seed >>> (i * 3)) % 7) * 100 + (i % 3) * 20
    const y = 60 + i * 80
    marks.push(`<g transform="translate(${x} ${y})" fill="${colour}" opacity=".18"><circle r="16"/><circle cx="-18" cy="-22" r="7"/><circle cx="0" cy="-30" r="7"/><circle cx="18" cy="-22" r="7"/></g>`)
  }
  return marks.join('')
}

export function productSvg(input: PictureInput, size: number): string {
  const top = input.categorySlug.split('/')[0] ?? ''
  const [colour, background] = TOP_COLOURS[top] ?? ['#888888', '#f2f2f2']
  const seed = hash(`${input.sku}/${input.n}`)
  const shape = shapeFor(input.categorySlug)
  const name = wrap(input.productName.replace(input.brand, '').trim() || input.productName, 18, 3)
  const text = (x: number, y: number, size: number, content: string, weight = 700, fill = '#fff'): string =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${size}" font-weight="${weight}" fill="${fill}" text-anchor="middle">${escapeXml(content)}</text>`
  const label =
    input.n === 2
      ? [text(400, 380, 84, input.variantName), text(400, 450, 30, input.brand, 400)].join('')
      : [
          text(400, 300, Math.min(40, Math.floor(500 / Math.max(1, input.brand.length))), input.brand.toUpperCase()),
          ...name.map((line, i) => text(400, 380 + i * 44, 34, line, 400)),
          `<rect x="300" y="${530}" width="200" height="56" rx="28" fill="#fff"/>`,
          text(400, 568, 30, input.variantName, 700, colour),
        ].join('')
  const scale = input.n === 3 ? 0.7 : 1
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800">
<rect width="800" height="800" fill="${background}"/>${input.n === 3 ? paws(colour, seed) : ''}
<g transform="translate(${400 - 400 * scale} ${400 - 400 * scale + (input.n === 3 ? 60 : 0)}) scale(${scale})">${silhouette(shape, colour)}${label}</g>
</svg>`
}
