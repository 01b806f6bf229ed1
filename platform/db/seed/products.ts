import { slugify } from '../../lib/slug'
import { brandsFor, type SeedBrand } from './brands'
import type { SeedCategory } from './categories'
import { italianEan13 } from './gtin'
import { KINDS, type Size } from './kinds'
import { FLAVOURS, propertyValue, speciesOf, type CategoryContext, type Flavour } from './properties'
import { Random } from './random'

/** Release dates are spread over the two years before this fixed day, so the seed does not depend on the clock. */
export const SEED_REFERENCE_DATE = '2026-11-01'

export interface SeedVariant {
  sku: string
  position: number
  name: string
  gtin: string
  priceCents: number
  listPriceCents: number
  lowPriceCents: number
  unitMultiplier: number
  maxQuantity: number
  imageCount: number
  loyaltyMultiplier: number
}

export interface SeedProduct {
  id: string
  slug: string
  name: string
  description: string
  brandId: string
  category: SeedCategory
  searchKeywords: string
  priceTiers: { minQuantity: number; valueCents: number }[]
  tierExtraDiscount: boolean
  minQuantity: number
  fastPicking: boolean
  isKit: boolean
  subscriptionFrequencies: string[] | null
  releaseDate: string
  position: number
  listed: boolean
  properties: { name: string; value: string }[]
  variants: SeedVariant[]
}

const LEAF_NOUNS: Record<string, string> = {
  Biscotti: 'Biscotti',
  Masticativi: 'Masticativo',
  'Snack dentali': 'Snack dentale',
  'Snack naturali': 'Snack naturale',
  'Snack croccanti': 'Snack croccante',
  'Snack cremosi': 'Snack cremoso',
  'Erba gatta': 'Erba gatta',
  'Pipette spot-on': 'Pipette spot-on',
  'Collari antiparassitari': 'Collare antiparassitario',
  Compresse: 'Compresse antiparassitarie',
  Spray: 'Spray antiparassitario',
  Peluche: 'Peluche',
  Palline: 'Pallina',
  Corde: 'Corda',
  'Giochi interattivi': 'Gioco interattivo',
  Tiragraffi: 'Tiragraffi',
  'Giochi con piume': 'Canna con piume',
  Topini: 'Topini',
  Cucce: 'Cuccia',
  Cuscini: 'Cuscino',
  Brandine: 'Brandina',
  Tappetini: 'Tappetino',
  'Guinzagli estensibili': 'Guinzaglio estensibile',
  'Guinzagli in nylon': 'Guinzaglio in nylon',
  'Guinzagli in pelle': 'Guinzaglio in pelle',
  Collari: 'Collare',
  Pettorine: 'Pettorina',
  Shampoo: 'Shampoo',
  'Shampoo secco': 'Shampoo secco',
  'Spazzole e pettini': 'Spazzola',
  Spazzole: 'Spazzola',
  Salviette: 'Salviette detergenti',
  'Sacchetti igienici': 'Sacchetti igienici',
  Cappottini: 'Cappottino',
  Impermeabili: 'Impermeabile',
  Maglioncini: 'Maglioncino',
  'Lettiere agglomeranti': 'Lettiera agglomerante',
  'Lettiere vegetali': 'Lettiera vegetale',
  'Lettiere in silicio': 'Lettiera in silicio',
  Trucioli: 'Trucioli di legno',
  'Lettiere in carta': 'Lettiera in carta',
  Toilette: 'Toilette coperta',
  'Trasportini rigidi': 'Trasportino',
  'Borse da trasporto': 'Borsa da trasporto',
  Fieno: 'Fieno',
  'Gabbie per conigli': 'Gabbia per conigli',
  'Gabbie per criceti': 'Gabbia per criceti',
  Recinti: 'Recinto',
  Tunnel: 'Tunnel',
  Ruote: 'Ruota',
  Casette: 'Casetta',
  Gabbie: 'Gabbia',
  Voliere: 'Voliera',
  Posatoi: 'Posatoio',
  Mangiatoie: 'Mangiatoia',
  Abbeveratoi: 'Abbeveratoio',
  'Giochi per uccelli': 'Gioco per uccelli',
  Sabbia: 'Sabbia',
  'Vaschette bagno': 'Vaschetta bagno',
  Vasche: 'Vasca',
  'Mobili per acquari': 'Mobile per acquario',
  'Mangime in fiocchi': 'Mangime in fiocchi',
  Granulati: 'Granulato',
  'Pastiglie di fondo': 'Pastiglie di fondo',
  'Filtri esterni': 'Filtro esterno',
  'Filtri interni': 'Filtro interno',
  'Pompe aria': 'Pompa aria',
  'Plafoniere LED': 'Plafoniera LED',
  'Tubi neon': 'Tubo neon',
  Biocondizionatori: 'Biocondizionatore',
  'Test acqua': 'Test acqua',
  'Piante artificiali': 'Pianta artificiale',
  Rocce: 'Roccia decorativa',
  'Sabbia e ghiaia': 'Ghiaia',
  'Terrari in vetro': 'Terrario in vetro',
  Faunarium: 'Faunarium',
  'Insetti essiccati': 'Insetti essiccati',
  'Lampade UVB': 'Lampada UVB',
  'Tappetini riscaldanti': 'Tappetino riscaldante',
  Corteccia: 'Corteccia di pino',
  Ciotole: 'Ciotola',
  Nascondigli: 'Nascondiglio',
}

const STAGE_WORDS: Record<string, string> = { 'Taglia piccola': 'Mini', 'Taglia media': 'Medium', 'Taglia grande': 'Maxi' }
const MODELS = ['Comfort', 'Deluxe', 'Eco', 'Smart', 'Classic', 'Soft', 'Plus', 'Easy', 'Natura', 'Pro', 'Fun', 'Style', 'Basic', 'Premium']

const KITS: Record<string, string[]> = {
  cane: ['Kit starter cucciolo', 'Kit passeggiata', 'Kit igiene dentale'],
  gatto: ['Kit starter gattino', 'Kit lettiera completa'],
  'piccoli-animali': ['Kit benvenuto coniglio', 'Kit criceto completo'],
  uccelli: ['Kit voliera'],
  pesci: ['Kit acquario completo', 'Kit avvio acquario'],
  rettili: ['Kit terrario tartarughe', 'Kit terrario deserto'],
}

const FREQUENCY_SETS = [
  ['1 settimana', '2 settimane', '1 mese'],
  ['2 settimane', '1 mese', '2 mesi'],
  ['1 mese', '2 mesi', '3 mesi'],
]

const MAX_QUANTITIES = [10, 12, 15, 20, 24, 30, 48, 50, 99]

/** Shop-style price: euros rounded down, then ending in ,49 ,90 or ,99. */
function shelfPriceCents(euros: number, rng: Random): number {
  const whole = Math.max(0, Math.floor(euros))
  const cents = euros < 2 ? rng.pick([49, 79, 99]) : rng.pick([49, 90, 99])
  return whole * 100 + cents
}

/** List price for a discount of about `rate`, ending in 9 cents. */
function listPriceCents(priceCents: number, rate: number): number {
  return Math.ceil(priceCents / (1 - rate) / 10) * 10 - 1
}

function leafWeight(category: SeedCategory): number {
  return category.kind === 'dry-food' || category.kind === 'wet-food' ? 4 : category.kind === 'snack' ? 2 : 1
}

interface GeneratorState {
  categories: SeedCategory[]
  brands: SeedBrand[]
  rng: Random
  usedSlugs: Set<string>
  nextSku: number
  leaves: SeedCategory[]
  cumulative: number[]
}

function contextOf(category: SeedCategory): CategoryContext {
  const kindId = category.kind
  if (!kindId) throw new Error(`leaf category ${category.slug} has no kind`)
  return {
    top: category.slug.split('/')[0] ?? '',
    kindId,
    kind: KINDS[kindId],
    level3: category.pathNames[2] ?? null,
    level4: category.pathNames[3] ?? null,
    leaf: category.name,
  }
}

function pickLeaf(gen: GeneratorState): SeedCategory {
  const total = gen.cumulative[gen.cumulative.length - 1] ?? 1
  const target = gen.rng.next() * total
  const index = gen.cumulative.findIndex((c) => c > target)
  return gen.leaves[index] ?? (gen.leaves[0] as SeedCategory)
}

function uniqueSlug(gen: GeneratorState, name: string): string {
  const base = slugify(name)
  let slug = base
  for (let n = 2; gen.usedSlugs.has(slug); n++) slug = `${base}-${n}`
  gen.usedSlugs.add(slug)
  return slug
}

function productName(ctx: CategoryContext, noun: string, brand: SeedBrand, line: string, flavour: Flavour | null, model: string): string {
  const parts = [noun, brand.name, line]
  if (flavour) {
    if (ctx.level3 && (ctx.kindId === 'dry-food' || ctx.kindId === 'wet-food')) parts.push(ctx.level3)
    if (ctx.level4) parts.push(STAGE_WORDS[ctx.level4] ?? ctx.level4)
    parts.push(flavour.phrase)
  } else {
    parts.push(model)
  }
  return parts.join(' ')
}

function describe(ctx: CategoryContext, brand: SeedBrand, line: string, flavour: Flavour | null, rng: Random): string {
  const fill = (s: string): string =>
    s
      .replace('{species}', speciesOf(ctx).phrase)
      .replace('{brand}', brand.name)
      .replace('{line}', line)
      .replace('{flavour}', flavour ? flavour.value.toLowerCase() : 'ingredienti selezionati')
  const sentences = rng.sample(ctx.kind.sentences, rng.int(2, Math.min(4, ctx.kind.sentences.length))).map(fill)
  const closing = brand.privateLabel
    ? `${brand.name} è la linea firmata dal nostro negozio: qualità controllata al giusto prezzo.`
    : `Un prodotto ${brand.name}, linea ${line}.`
  return [...sentences, closing].join(' ')
}

function makeVariants(gen: GeneratorState, ctx: CategoryContext, isKit: boolean, imageCount: number): SeedVariant[] {
  const { rng } = gen
  const sizes: Size[] = isKit
    ? [{ label: 'Kit', amount: 1 }]
    : rng.sample(ctx.kind.sizes, rng.int(1, Math.min(ctx.kind.maxVariants, ctx.kind.sizes.length)))
  const base = ctx.kind.basePrice[0] + rng.next() * (ctx.kind.basePrice[1] - ctx.kind.basePrice[0])
  const first = sizes[0]?.amount ?? 1
  return sizes.map((size, position) => {
    const euros = isKit ? base * 3.2 : base * Math.pow(size.amount / first, ctx.kind.growth)
    const priceCents = shelfPriceCents(euros, rng)
    const discounted = rng.chance(0.3)
    const sku = String(gen.nextSku++)
    const loyaltyRoll = rng.next()
    return {
      sku,
      position,
      name: size.label,
      gtin: italianEan13(Number(sku)),
      priceCents,
      listPriceCents: discounted ? listPriceCents(priceCents, rng.pick([0.1, 0.15, 0.2, 0.25, 0.3])) : priceCents,
      lowPriceCents: rng.chance(0.05) ? 0 : priceCents,
      unitMultiplier: size.multiplier ?? 1,
      maxQuantity: rng.pick(MAX_QUANTITIES),
      imageCount,
      loyaltyMultiplier: loyaltyRoll < 0.85 ? 1 : loyaltyRoll < 0.95 ? 2 : 3,
    }
  })
}

function makeProduct(gen: GeneratorState, index: number): SeedProduct {
  const { rng } = gen
  const category = pickLeaf(gen)
  const ctx = contextOf(category)
  const candidates = brandsFor(gen.brands, ctx.top, ctx.kind.group)
  const brand = rng.pick(candidates)
  const line = rng.pick(brand.lines)
  const flavour = ctx.kind.flavoured ? rng.pick(FLAVOURS) : null
  const model = rng.pick(MODELS)
  const isKit = rng.chance(0.02)
  const noun = ctx.kind.flavoured ? rng.pick(ctx.kind.nouns) : (LEAF_NOUNS[ctx.leaf] ?? rng.pick(ctx.kind.nouns))
  const name = isKit ? `${rng.pick(KITS[ctx.top] ?? ['Kit'])} ${brand.name} ${line}` : productName(ctx, noun, brand, line, flavour, model)
  const variants = makeVariants(gen, ctx, isKit, rng.int(1, 3))
  const single = variants.length === 1 ? variants[0] : undefined
  const tiered = single !== undefined && !isKit && rng.chance(0.15)
  const priceTiers = tiered
    ? [
        { minQuantity: 3, valueCents: Math.round(single.priceCents * 0.95) },
        { minQuantity: 6, valueCents: Math.round(single.priceCents * 0.9) },
      ]
    : []
  const minQuantity = rng.chance(0.02) ? rng.int(2, 3) : 1
  const inputs = { ctx, flavour, line, firstSize: variants[0]?.name ?? '', multipack: variants.some((v) => v.unitMultiplier > 1) }
  const properties: { name: string; value: string }[] = []
  for (const propertyName of ctx.kind.properties) {
    const value = propertyValue(propertyName, inputs, rng)
    if (value !== null) properties.push({ name: propertyName, value })
  }
  const releaseDay = new Date(`${SEED_REFERENCE_DATE}T00:00:00Z`)
  releaseDay.setUTCDate(releaseDay.getUTCDate() - rng.int(0, 729))
  return {
    id: String(1000 + index),
    slug: uniqueSlug(gen, name),
    name,
    description: describe(ctx, brand, line, flavour, rng),
    brandId: brand.id,
    category,
    searchKeywords: [brand.name, line, ...category.pathNames].join(' '),
    priceTiers,
    tierExtraDiscount: tiered && rng.chance(0.3),
    minQuantity,
    fastPicking: rng.chance(0.2),
    isKit,
    subscriptionFrequencies: ctx.kind.subscribable && rng.chance(0.4) ? rng.pick(FREQUENCY_SETS) : null,
    releaseDate: releaseDay.toISOString().slice(0, 10),
    position: index,
    listed: true,
    properties,
    variants: variants.map((v) => ({ ...v, maxQuantity: Math.max(v.maxQuantity, minQuantity) })),
  }
}

export const FIRST_SKU = 10001

/**
 * Generates `count` products, in batches so a large catalog never sits in
 * memory whole. Product k depends only on the seed and the draws before it, so
 * the same seed gives the same first products whatever the count.
 */
export function* generateProducts(
  categories: SeedCategory[],
  brands: SeedBrand[],
  count: number,
  seed: number,
  batchSize = 2000,
): Generator<SeedProduct[]> {
  const leaves = categories.filter((c) => c.isLeaf)
  let running = 0
  const gen: GeneratorState = {
    categories,
    brands,
    rng: new Random(seed),
    usedSlugs: new Set(),
    nextSku: FIRST_SKU,
    leaves,
    cumulative: leaves.map((leaf) => (running += leafWeight(leaf))),
  }
  for (let start = 0; start < count; start += batchSize) {
    const batch: SeedProduct[] = []
    for (let i = start; i < Math.min(count, start + batchSize); i++) batch.push(makeProduct(gen, i))
    yield batch
  }
}

/** SKU of the free sample the seed promotion gives away; outside the range of generated SKUs. */
export const GIFT_SKU = '9000001'

/** The unlisted product behind the gift promotion. */
export function giftProduct(categories: SeedCategory[], brands: SeedBrand[], position: number): SeedProduct {
  const category = categories.find((c) => c.slug === 'cane/snack-e-premi/biscotti') ?? (categories[0] as SeedCategory)
  const brand = brands.find((b) => b.privateLabel) ?? (brands[0] as SeedBrand)
  return {
    id: '999001',
    slug: 'campione-omaggio',
    name: 'Campione omaggio',
    description: `Un assaggio gratuito dei biscotti ${brand.name}, in regalo con gli ordini da 49 € in su.`,
    brandId: brand.id,
    category,
    searchKeywords: brand.name,
    priceTiers: [],
    tierExtraDiscount: false,
    minQuantity: 1,
    fastPicking: false,
    isKit: false,
    subscriptionFrequencies: null,
    releaseDate: SEED_REFERENCE_DATE,
    position,
    listed: false,
    properties: [],
    variants: [
      {
        sku: GIFT_SKU,
        position: 0,
        name: '100 g',
        gtin: italianEan13(Number(GIFT_SKU)),
        priceCents: 199,
        listPriceCents: 199,
        lowPriceCents: 199,
        unitMultiplier: 1,
        maxQuantity: 1,
        imageCount: 1,
        loyaltyMultiplier: 1,
      },
    ],
  }
}
