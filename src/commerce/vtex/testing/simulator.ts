/**
 * A VTEX account on loopback, for tests only (never imported by shipped
 * code): the routes the VTEX backend calls, stateful for order forms,
 * sessions, Master Data documents and pickup points, seeded from the
 * embedded platform's seed catalog (its price tiers as Pricing's fixed
 * prices, which the order form applies by a line's quantity). Every request and every answer goes
 * through the wire validator (validator.ts); a request the published schema
 * refuses is answered 400, as VTEX would, and counted as a violation.
 *
 *   const vtex = await startVtexSimulator({ products: 60 })
 *   vtex.url, vtex.validator.counts, vtex.faults.push({ status: 429, retryAfter: 1 }), await vtex.close()
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { SeedProduct } from '../../../../platform/db/seed/products'
import { slugify } from '../../../../platform/lib/slug'
import { vtexSeed, type VtexSeed } from './seed'
import { VtexWireValidator, type WireRequest } from './validator'

/** A picture's file id, numeric as VTEX's are: the sku's pictures in order. */
const pictureId = (sku: string, index: number) => String(Number(sku) * 10 + index)
/** A picture's address as VTEX answers it: `/arquivos/ids/{id}{size}/{name}?v={version}`. */
const pictureUrl = (host: string, sku: string, index: number, size: string) => `${host}/arquivos/ids/${pictureId(sku, index)}${size}/image.jpg?v=637755525053770000`

export const SIMULATOR_ACCOUNT = 'petstore'
const ACCOUNT_ID = '5b8d2f3e-0000-4000-8000-00000000a11c'
export const SIMULATOR_APP_KEY = 'vtexappkey-petstore-SIMULATED'
export const SIMULATOR_APP_TOKEN = 'SIMULATED-APP-TOKEN-4f9c2d7e1b8a6053'

/** A fault the next matching request meets before it is served. */
export interface Fault {
  status?: number
  retryAfter?: number
  /** Answer nothing for this long (a time-out). */
  delayMs?: number
  /** Only requests whose path contains this; any when absent. */
  pathContains?: string
}

interface Answer {
  status: number
  body: unknown
  headers?: Record<string, string | string[]>
}

interface OrderFormLine {
  id: string
  seller: string
  quantity: number
  attachments: { name: string; content: Record<string, string> }[]
  /** A promotion's gift, which Checkout adds and prices at nothing. */
  isGift?: boolean
}

/** A fixed price as the Pricing API keeps it: on a trade policy, from a minimum quantity, possibly scheduled. */
export interface FixedPrice {
  tradePolicyId: string
  value: number
  listPrice: number | null
  minQuantity: number
  dateRange?: { from: string; to: string }
}

interface OrderFormState {
  id: string
  ownership: string
  userProfileId: string | null
  lines: OrderFormLine[]
  pickupPointId: string | null
  placed: boolean
  messages: { code: string; text: string; status: string }[]
  /** The trade policy Checkout prices it on: the `sc` of the call that created it, or of the last call naming one. */
  salesChannel: string
}

export interface VtexSimulator {
  url: string
  account: string
  validator: VtexWireValidator
  seed: VtexSeed
  faults: Fault[]
  /** Issues the VTEX ID cookie of a seed customer, as a login at the store's own domain would; `token` is its value when given (a JWT, say). */
  authCookieFor(email: string, token?: string): string
  orderForms: Map<string, OrderFormState>
  /** The Pricing API's fixed prices, by sku: what Checkout prices a line by and the catalog reads its tiers from. */
  fixedPrices: Map<string, FixedPrice[]>
  /** Intelligent Search pages asked past its last one (SEARCH_LAST_PAGE), each refused. */
  readonly pagesPastLast: number
  /** Every request received, in order: its method, path and Cookie header (what an attacker test checks reached VTEX). */
  received: { method: string; path: string; query: Record<string, string>; cookie: string }[]
  documents: Map<string, Map<string, Record<string, unknown>>>
  schemas: Map<string, unknown>
  /** Places an order form's order as checkout would, placed with `email`; answers the order's number. */
  placeOrder(orderFormId: string, email: string, status?: string): string
  close(): Promise<void>
}

/**
 * The last page Intelligent Search answers, whatever the count: its answers' `pagination.count` stops at 50
 * (FastStore's recordings, 1,826 and 5,347 products at 5 a page), and VTEX's partners clamp their page
 * numbers to it because a page past it fails. It answers such a page 400, in its published error shape.
 */
export const SEARCH_LAST_PAGE = 50
/** The most products the Catalog API's id listing answers at once (its documentation says so). */
const ID_LISTING_MAX = 250

/** The trade policy the simulated Checkout's order forms are in (the store's default). */
const CHECKOUT_TRADE_POLICY = '1'

/**
 * The seed's price tiers as a merchant keeps them in VTEX's Pricing: fixed
 * prices on trade policy 1 from each tier's minimum quantity, at the price the
 * shop charges (VTEX has no extra-reduction flag, so a flagged product's fixed
 * prices are already 5 % lower), beside the sku's own fixed price from 1 unit.
 * An expired scheduled price and another trade policy's tier are kept too:
 * neither may price a line in trade policy 1 today.
 */
function seedFixedPrices(products: SeedProduct[]): Map<string, FixedPrice[]> {
  const out = new Map<string, FixedPrice[]>()
  for (const product of products) {
    if (product.priceTiers.length === 0) continue
    for (const variant of product.variants) {
      const charged = (valueCents: number) => Math.min(variant.priceCents, product.tierExtraDiscount ? Math.round(valueCents * 0.95) : valueCents) / 100
      const lowest = Math.min(...product.priceTiers.map((t) => t.valueCents))
      out.set(variant.sku, [
        { tradePolicyId: CHECKOUT_TRADE_POLICY, value: variant.priceCents / 100, listPrice: variant.listPriceCents / 100, minQuantity: 1 },
        ...product.priceTiers.map((t) => ({ tradePolicyId: CHECKOUT_TRADE_POLICY, value: charged(t.valueCents), listPrice: null, minQuantity: t.minQuantity })),
        { tradePolicyId: CHECKOUT_TRADE_POLICY, value: charged(Math.round(lowest * 0.5)), listPrice: null, minQuantity: 2, dateRange: { from: '2020-01-01T00:00:00Z', to: '2020-02-01T00:00:00Z' } },
        { tradePolicyId: '2', value: charged(Math.round(lowest * 0.8)), listPrice: null, minQuantity: 2 },
      ])
    }
  }
  return out
}

/** The specification Intelligent Search adds to every product: the seller it indexed it for. */
const SELLER_SPECIFICATION = { name: 'sellerId', originalName: 'sellerId', values: ['1'] }
const WEEKDAY_NUMBERS: Record<string, number> = { sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6 }
const json = (status: number, body: unknown, headers?: Record<string, string | string[]>): Answer => ({ status, body, headers })
const cents = (value: number) => value / 100

function parseCookies(header: string | string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (Array.isArray(header) ? header.join(';') : (header ?? '')).split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim())
  }
  return out
}

/** `port` 0 (the default) takes any free loopback port; the sandbox (scripts/vtex-sandbox.ts) names its own. */
export async function startVtexSimulator(options: { products?: number; port?: number } = {}): Promise<VtexSimulator> {
  const validator = await VtexWireValidator.create()
  const seed = vtexSeed(options.products ?? 60)
  const account = SIMULATOR_ACCOUNT
  const authCookie = `VtexIdclientAutCookie_${account}`
  const sessions = new Map<string, string>() // auth token → customer id
  const orderForms = new Map<string, OrderFormState>()
  const received: VtexSimulator['received'] = []
  const documents = new Map<string, Map<string, Record<string, unknown>>>()
  const schemas = new Map<string, unknown>()
  // The shop's customer data VTEX's profile has no field for, as the store keeps it in Master Data (docs/vtex.md).
  documents.set('loyalty', new Map(seed.customers.map((c) => [`loyalty-${c.id}`, { id: `loyalty-${c.id}`, accountId: ACCOUNT_ID, accountName: account, dataEntityId: 'loyalty', customerId: c.id, bkId: c.bkId, arcacard: c.arcacard, profilingConsent: c.profilingConsent, isVet: c.isVet }])))
  const faults: Fault[] = []
  const orders = new Map<string, { form: OrderFormState; email: string; status: string; creationDate: string }>()
  const listed = seed.products.filter((p) => p.listed)
  const skuIndex = new Map(seed.products.flatMap((p) => p.variants.map((v) => [v.sku, { product: p, variant: v }] as const)))
  const productIndex = new Map(seed.products.map((p) => [p.id, p]))
  let pagesPastLast = 0
  const brandOf = (p: SeedProduct) => seed.brands.find((b) => b.id === p.brandId)!
  const fixedPrices = seedFixedPrices(seed.products)
  const categoryPath = (p: SeedProduct) => p.category.pathIds.map((id) => seed.categories.find((c) => c.id === id)!)

  const isPrivate = (req: WireRequest) => req.headers['x-vtex-api-appkey'] === SIMULATOR_APP_KEY && req.headers['x-vtex-api-apptoken'] === SIMULATOR_APP_TOKEN
  const customerOf = (req: WireRequest) => {
    const token = parseCookies(req.headers.cookie)[authCookie]
    const id = token ? sessions.get(token) : undefined
    return id ? seed.customers.find((c) => c.id === id) ?? null : null
  }

  // ---------- Intelligent Search ----------
  function searchProduct(p: SeedProduct) {
    const brand = brandOf(p)
    const path = categoryPath(p)
    return {
      cacheId: `sp-${p.id}`,
      productId: p.id,
      productName: p.name,
      brand: brand.name,
      brandId: brand.vtexId,
      linkText: p.slug,
      link: `/${p.slug}/p`,
      description: p.description,
      releaseDate: Date.parse(p.releaseDate),
      categories: path.map((_, i) => `/${path.slice(0, path.length - i).map((c) => c.name).join('/')}/`),
      categoriesIds: path.map((_, i) => `/${path.slice(0, path.length - i).map((c) => c.vtexId).join('/')}/`),
      categoryId: String(path[path.length - 1]!.vtexId),
      // A product sold on subscription keeps its plans as a specification of its own, which is no filter (so no facet).
      // Intelligent Search adds the seller it indexed the product for as a specification of every product.
      properties: [...p.properties.map((prop) => ({ name: prop.name, originalName: prop.name, values: [prop.value] })), ...(p.subscriptionFrequencies?.length ? [{ name: 'subscriptionFrequencies', originalName: 'subscriptionFrequencies', values: p.subscriptionFrequencies }] : []), SELLER_SPECIFICATION],
      // The rest as the recorded answers hold them (recordings/faststore/), empty where the seed has nothing to say.
      productReference: p.id,
      priceRange: { sellingPrice: range(p.variants.map((v) => v.priceCents)), listPrice: range(p.variants.map((v) => v.listPriceCents)) },
      specificationGroups: [{ originalName: 'allSpecifications', name: 'allSpecifications', specifications: [...p.properties.map((prop) => ({ originalName: prop.name, name: prop.name, values: [prop.value] })), SELLER_SPECIFICATION] }],
      skuSpecifications: [],
      productClusters: [],
      clusterHighlights: [],
      origin: 'intelligent-search',
      items: p.variants.map((v) => ({
        itemId: v.sku,
        name: v.name,
        nameComplete: `${p.name} ${v.name}`,
        complementName: '',
        ean: v.gtin,
        referenceId: [{ Key: 'RefId', Value: v.sku }],
        measurementUnit: 'un',
        unitMultiplier: v.unitMultiplier,
        modalType: '',
        isKit: false,
        variations: [],
        videos: [],
        attachments: [],
        images: Array.from({ length: v.imageCount }, (_, i) => ({ imageId: pictureId(v.sku, i), cacheId: pictureId(v.sku, i), imageTag: '', imageLabel: v.name, imageText: v.name, imageUrl: pictureUrl(`https://${account}.vtexassets.com`, v.sku, i, '') })),
        sellers: [
          {
            sellerId: '1',
            sellerName: 'Pet Store',
            addToCartLink: '',
            sellerDefault: true,
            commertialOffer: {
              Price: cents(v.priceCents), ListPrice: cents(v.listPriceCents), spotPrice: cents(v.priceCents), PriceWithoutDiscount: cents(v.listPriceCents), AvailableQuantity: v.lowPriceCents > 0 ? v.maxQuantity : 0,
              Installments: [{ Value: cents(v.priceCents), InterestRate: 0, TotalValuePlusInterestRate: cents(v.priceCents), NumberOfInstallments: 1, Name: 'Carta di credito', PaymentSystemName: 'Carta di credito' }],
              Tax: 0, taxPercentage: 0, RewardValue: 0, PriceValidUntil: '2099-01-01T00:00:00Z', GetInfoErrorMessage: null, CacheVersionUsedToCallCheckout: '',
              DeliverySlaSamplesPerRegion: {}, DeliverySlaSamples: [], discountHighlights: [], teasers: [], GiftSkuIds: [], BuyTogether: [], ItemMetadataAttachment: [],
            },
          },
        ],
      })),
    }
  }
  const range = (values: number[]) => ({ highPrice: cents(Math.max(...values)), lowPrice: cents(Math.min(...values)) })

  function facetFilter(facetsPath: string, query: string | undefined): { products: SeedProduct[] } | Answer {
    const parts = facetsPath.split('/').filter(Boolean)
    if (parts.length % 2) return json(400, { message: `facets must be key/value pairs: ${facetsPath}` })
    const pairs: [string, string][] = []
    for (let i = 0; i < parts.length; i += 2) pairs.push([parts[i]!, parts[i + 1]!])
    if (!pairs.some(([k]) => k === 'trade-policy')) return json(400, { message: 'the trade-policy facet is required' })
    // A lookup by id (`product:1;2`, `sku:1;2`) starts from the listed products holding those ids.
    const ids = /^(product|sku):(.+)$/.exec(query ?? '')
    const holding = (id: string) => (ids?.[1] === 'product' ? productIndex.get(id) : skuIndex.get(id)?.product)
    let products = ids ? [...new Set(ids[2]!.split(';').map(holding))].filter((p): p is SeedProduct => p?.listed === true) : listed
    const byKey = new Map<string, string[]>()
    for (const [key, value] of pairs) if (key !== 'trade-policy') byKey.set(key, [...(byKey.get(key) ?? []), value])
    for (const [key, values] of byKey) {
      const level = /^category-(\d+)$/.exec(key)
      if (level) {
        const n = Number(level[1]) - 1
        products = products.filter((p) => values.some((v) => slugify(categoryPath(p)[n]?.name ?? '') === v || categoryPath(p)[n]?.slug === v))
      } else if (key === 'brand') products = products.filter((p) => values.includes(brandOf(p).slug))
      else if (key === 'price') {
        const [min, max] = values[0]!.split(':').map(Number) as [number, number]
        products = products.filter((p) => p.variants.some((v) => cents(v.priceCents) >= min && cents(v.priceCents) <= max))
      } else products = products.filter((p) => p.properties.some((prop) => slugify(prop.name) === key && values.includes(slugify(prop.value))))
    }
    if (ids) return { products }
    if (query) {
      const words = query.toLowerCase().split(/\s+/).filter(Boolean)
      products = products.filter((p) => words.every((w) => `${p.name} ${p.searchKeywords} ${brandOf(p).name}`.toLowerCase().includes(w)))
    }
    return { products }
  }

  const minPrice = (p: SeedProduct) => Math.min(...p.variants.map((v) => v.priceCents))
  const discount = (p: SeedProduct) => Math.max(0, ...p.variants.map((v) => (v.listPriceCents ? (v.listPriceCents - v.priceCents) / v.listPriceCents : 0)))
  const SORTS: Record<string, (a: SeedProduct, b: SeedProduct) => number> = {
    'price:asc': (a, b) => minPrice(a) - minPrice(b),
    'price:desc': (a, b) => minPrice(b) - minPrice(a),
    'name:asc': (a, b) => a.name.localeCompare(b.name),
    'name:desc': (a, b) => b.name.localeCompare(a.name),
    'release:desc': (a, b) => b.releaseDate.localeCompare(a.releaseDate),
    'discount:desc': (a, b) => discount(b) - discount(a),
    'orders:desc': (a, b) => a.position - b.position,
  }

  function productSearch(facets: string, q: Record<string, string>): Answer {
    const found = facetFilter(facets, q.query)
    if ('status' in found) return found
    const count = Number(q.count ?? 10)
    const page = Number(q.page ?? 1)
    if (page < 1 || count < 1 || count > 100) return json(400, { message: 'page starts at 1 and count is between 1 and 100' })
    if (page > SEARCH_LAST_PAGE) {
      pagesPastLast++
      return json(400, { status: 400, code: 'RESOLVER_WARNING', name: 'ResolverWarning', level: 'warn', response: { data: `page ${page} is past the last page, ${SEARCH_LAST_PAGE}` } })
    }
    const sorted = [...found.products].sort((a, b) => (SORTS[q.sort ?? '']?.(a, b) || a.position - b.position))
    // As many pages as the products fill, one at least, and none past the last it answers.
    const pages = Math.max(1, Math.min(SEARCH_LAST_PAGE, Math.ceil(sorted.length / count)))
    // Intelligent Search's page links, as the recorded answers give them (a page past the last has no proxyUrl).
    const link = (index: number) => (index >= 1 && index <= pages ? { index, proxyUrl: `search/${facets}?page=${index}&count=${count}` } : { index: Math.max(0, Math.min(index, pages)) })
    const pagination = { count: pages, current: link(page), before: [], after: Array.from({ length: Math.max(0, Math.min(4, pages - page)) }, (_, i) => link(page + i + 1)), perPage: count, next: link(page + 1), previous: link(page - 1), first: { index: 0 }, last: link(pages) }
    return json(200, { products: sorted.slice((page - 1) * count, page * count).map(searchProduct), recordsFiltered: sorted.length, fuzzy: '0', operator: 'and', translated: false, pagination })
  }

  function facetsOf(facets: string, q: Record<string, string>): Answer {
    const found = facetFilter(facets, q.query)
    if ('status' in found) return found
    const selected = new Set(facets.split('/').filter(Boolean).reduce<string[]>((out, part, i, all) => (i % 2 ? out : [...out, `${part}/${all[i + 1]}`]), []))
    const count = (key: string, values: [string, string][]) => {
      const counted = new Map<string, { name: string; quantity: number }>()
      for (const [value, name] of values) counted.set(value, { name, quantity: (counted.get(value)?.quantity ?? 0) + 1 })
      return [...counted].map(([value, { name, quantity }]) => ({ id: value, key, value, name, quantity, selected: selected.has(`${key}/${value}`) }))
    }
    const text = (key: string, name: string, values: [string, string][]) => {
      const counted = count(key, values)
      return { type: 'TEXT', name, key, hidden: false, quantity: counted.length, values: counted }
    }
    // The next category level below the deepest one in the path, as Intelligent Search offers it.
    const depth = [...selected].filter((s) => s.startsWith('category-')).length
    const below = found.products.flatMap((p): [string, string][] => {
      const c = categoryPath(p)[depth]
      return c ? [[slugify(c.name), c.name]] : []
    })
    const prices = found.products.map(minPrice)
    const step = 1000
    const buckets = count('price', prices.map((c): [string, string] => {
      const from = Math.floor(c / step) * (step / 100)
      return [`${from}:${from + step / 100}`, `${from} - ${from + step / 100}`]
      // As Intelligent Search answers a price range: its `range`, an empty name, and no `value` or `id`.
    })).map(({ quantity, selected, value }) => ({ quantity, name: '', key: 'price', selected, range: { from: Number(value.split(':')[0]), to: Number(value.split(':')[1]) } }))
    const propertyNames = [...new Set(found.products.flatMap((p) => p.properties.map((x) => x.name)))]
    return json(200, {
      facets: [
        ...(below.length ? [text(`category-${depth + 1}`, 'Categoria', below)] : []),
        text('brand', 'Marca', found.products.map((p): [string, string] => [brandOf(p).slug, brandOf(p).name])),
        { type: 'PRICERANGE', name: 'Prezzo', key: 'price', hidden: false, quantity: buckets.length, values: buckets },
        ...propertyNames.map((name) => text(slugify(name), name, found.products.flatMap((p) => p.properties.filter((x) => x.name === name).map((x): [string, string] => [slugify(x.value), x.value])))),
      ],
      sampling: false,
      breadcrumb: [],
      queryArgs: { query: q.query ?? '', selectedFacets: [] },
      translated: false,
    })
  }

  function suggestions(q: Record<string, string>): Answer {
    const term = (q.query ?? '').toLowerCase()
    const words = new Map<string, number>()
    for (const p of listed) for (const w of `${p.name} ${p.searchKeywords}`.toLowerCase().split(/[^a-zà-ù0-9]+/)) if (w.length > 2 && w.startsWith(term)) words.set(w, (words.get(w) ?? 0) + 1)
    return json(200, { searches: [...words].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([t, count]) => ({ term: t, count })) })
  }

  /** Edits (insert, delete, substitute) between two words, to correct a term as correction_search does. */
  function distance(a: string, b: string): number {
    let row = Array.from({ length: b.length + 1 }, (_, j) => j)
    for (let i = 1; i <= a.length; i++) {
      const next = [i]
      for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      row = next
    }
    return row[b.length]!
  }

  /** Each word of the term no listed product holds, replaced by the nearest one that does (at most two edits, words of five letters or more). */
  function correction(q: Record<string, string>): Answer {
    const term = (q.query ?? '').toLowerCase().trim()
    const known = new Set(listed.flatMap((p) => `${p.name} ${p.searchKeywords} ${brandOf(p).name}`.toLowerCase().split(/[^a-zà-ù0-9]+/).filter((w) => w.length > 2)))
    const words = term.split(/\s+/).filter(Boolean)
    const fixed = words.map((w) => {
      if (known.has(w) || w.length < 5) return w
      const best = [...known].map((k) => [k, distance(w, k)] as const).filter(([, d]) => d <= 2).sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))[0]
      return best?.[0] ?? w
    })
    const changed = fixed.some((w, i) => w !== words[i])
    const text = fixed.join(' ')
    return json(200, { correction: { correction: changed, misspelled: changed, text, highlighted: fixed.map((w, i) => (w !== words[i] ? `<em>${w}</em>` : w)).join(' ') } })
  }

  // ---------- Catalog ----------
  function categoryTree(levels: number) {
    const node = (c: VtexSeed['categories'][number]): Record<string, unknown> => {
      const children = c.level < levels ? seed.categories.filter((x) => x.parentId === c.id).map(node) : []
      return { id: c.vtexId, name: c.name, hasChildren: seed.categories.some((x) => x.parentId === c.id), url: `https://${account}.vtexcommercestable.com.br/${c.pathNames.map(slugify).join('/')}`, children, Title: c.name, MetaTagDescription: c.name }
    }
    return seed.categories.filter((c) => c.parentId === null).map(node)
  }

  /** Every product the catalog holds, listed or not, in the order the Catalog API lists their ids. */
  const catalogOrder = [...seed.products].sort((a, b) => Number(a.id) - Number(b.id))
  /** Positions `from` to `to` of that listing, counted from 1 as VTEX's example answers, at most ID_LISTING_MAX of them. */
  function productAndSkuIds(from: number, to: number) {
    const first = Math.max(from, 1)
    const last = Math.min(to, first + ID_LISTING_MAX - 1)
    const data = Object.fromEntries(catalogOrder.slice(first - 1, last).map((p) => [p.id, p.variants.map((v) => Number(v.sku))]))
    return { data, range: { total: catalogOrder.length, from, to } }
  }

  // ---------- Pricing ----------
  const inForce = (price: FixedPrice, now: number) => !price.dateRange || (Date.parse(price.dateRange.from) <= now && now < Date.parse(price.dateRange.to))

  // ---------- Checkout ----------
  /**
   * A line's unit price in cents, as Checkout asks Pricing for it: the fixed
   * price in force on the form's trade policy with the highest minimum
   * quantity the line reaches (a scheduled one before an unscheduled one of
   * the same minimum), else the sku's price.
   */
  function unitPriceCents(sku: string, quantity: number, tradePolicy: string): number {
    const now = Date.now()
    const reached = (fixedPrices.get(sku) ?? []).filter((f) => f.tradePolicyId === tradePolicy && f.minQuantity <= quantity && inForce(f, now))
    const tier = reached.sort((a, b) => b.minQuantity - a.minQuantity || Number(Boolean(b.dateRange)) - Number(Boolean(a.dateRange)))[0]
    return tier ? Math.round(tier.value * 100) : skuIndex.get(sku)!.variant.priceCents
  }

  function orderFormBody(form: OrderFormState) {
    const items = form.lines.map((line, index) => {
      const { product, variant } = skuIndex.get(line.id)!
      const price = unitPriceCents(line.id, line.quantity, form.salesChannel)
      const selling = line.isGift ? 0 : price
      return {
        uniqueId: `${form.id}-${index}`,
        id: line.id,
        productId: product.id,
        productRefId: '',
        refId: variant.sku,
        ean: variant.gtin,
        // Checkout names a line by the sku's full name (the product's, then the sku's own) and keeps the sku's own apart.
        name: `${product.name} ${variant.name}`,
        skuName: variant.name,
        quantity: line.quantity,
        seller: line.seller,
        sellerChain: [line.seller],
        price,
        listPrice: variant.listPriceCents,
        sellingPrice: selling,
        // The line's price for all its units, which Checkout's schema says to read rather than the rounded sellingPrice.
        priceDefinition: { calculatedSellingPrice: selling, total: selling * line.quantity, sellingPrices: [{ value: selling, quantity: line.quantity }] },
        priceTags: [],
        isGift: line.isGift ?? false,
        detailUrl: `/${product.slug}/p`,
        // Checkout answers its 55×55 thumbnail over http from the other image host, as the recorded order forms do.
        imageUrl: pictureUrl(`http://${account}.vteximg.com.br`, variant.sku, 0, '-55-55'),
        availability: variant.lowPriceCents > 0 ? 'available' : 'withoutStock',
        attachments: line.attachments,
        additionalInfo: { dimension: null, brandName: brandOf(product).name, brandId: String(brandOf(product).vtexId), offeringInfo: null, offeringType: null, offeringTypeId: null },
        // The rest as the recorded order forms hold them (recordings/faststore/), empty where the seed has nothing to say.
        productCategoryIds: `/${categoryPath(product).map((c) => c.vtexId).join('/')}/`,
        productCategories: Object.fromEntries(categoryPath(product).map((c) => [String(c.vtexId), c.name])),
        measurementUnit: 'un',
        unitMultiplier: variant.unitMultiplier,
        manufacturerCode: null,
        modalType: null,
        tax: 0,
        rewardValue: 0,
        preSaleDate: null,
        priceValidUntil: '2099-01-01T00:00:00Z',
        manualPrice: null,
        manualPriceAppliedBy: null,
        parentItemIndex: null,
        parentAssemblyBinding: null,
        components: [],
        bundleItems: [],
        offerings: [],
        attachmentOfferings: [],
        assemblies: [],
      }
    })
    const value = items.reduce((sum, i) => sum + i.sellingPrice * i.quantity, 0)
    const store = form.pickupPointId ? seed.stores.find((s) => s.id === form.pickupPointId) : undefined
    return {
      orderFormId: form.id,
      salesChannel: form.salesChannel,
      loggedIn: form.userProfileId !== null,
      isCheckedIn: false,
      allowManualPrice: false,
      canEditData: true,
      userProfileId: form.userProfileId,
      ignoreProfileData: false,
      value,
      messages: form.messages,
      items,
      selectableGifts: [],
      totalizers: value ? [{ id: 'Items', name: 'Total degli articoli', value }] : [],
      // Checkout answers shippingData on every order form: no address and no chosen SLA until one is chosen.
      shippingData: {
        address: null,
        logisticsInfo: items.map((item, itemIndex) => ({ itemIndex, selectedSla: store?.id ?? null, selectedDeliveryChannel: store ? 'pickup-in-point' : null, addressId: store?.id ?? null, slas: [], shipsTo: ['ITA'], itemId: item.id, deliveryChannels: [{ id: 'delivery' }, { id: 'pickup-in-point' }] })),
        selectedAddresses: store ? [{ addressType: 'pickup', addressId: store.id, receiverName: '', postalCode: store.postalCode, city: store.city, state: store.region, country: 'ITA', street: store.street, number: '', neighborhood: '', complement: '', reference: '', geoCoordinates: [store.longitude, store.latitude] }] : [],
        availableAddresses: [],
        pickupPoints: [],
      },
      clientProfileData: null,
      paymentData: { updateStatus: 'updated', installmentOptions: [], paymentSystems: [], payments: [], giftCards: [], giftCardMessages: [], availableAccounts: [], availableTokens: [], availableAssociations: {} },
      marketingData: null,
      sellers: [{ id: '1', name: 'Pet Store', logo: '' }],
      clientPreferencesData: { locale: 'it-IT', optinNewsLetter: null },
      storePreferencesData: { countryCode: 'ITA', saveUserData: true, timeZone: 'W. Europe Standard Time', currencyCode: 'EUR', currencyLocale: 1040, currencySymbol: '€', currencyFormatInfo: { currencyDecimalDigits: 2, currencyDecimalSeparator: ',', currencyGroupSeparator: '.', currencyGroupSize: 3, startsWithCurrencySymbol: false } },
      itemMetadata: { items: [] },
      customData: null,
      storeId: null,
      checkedInPickupPointId: null,
      userType: null,
      ratesAndBenefitsData: { rateAndBenefitsIdentifiers: [], teaser: [] },
      giftRegistryData: null,
      openTextField: null,
      invoiceData: null,
      itemsOrdination: null,
      commercialConditionData: null,
      hooksData: null,
      subscriptionData: null,
    }
  }

  /** The order form behind the id, when this browser may see it: VTEX answers a fresh one for ids it does not know. */
  function formFor(id: string, req: WireRequest): OrderFormState | Answer {
    const form = orderForms.get(id)
    if (!form) return json(404, { error: { code: 'ORD002', message: 'Order form not found' } })
    const customer = customerOf(req)
    const owns = parseCookies(req.headers.cookie).CheckoutOrderFormOwnership === form.ownership
    if (form.userProfileId && form.userProfileId !== customer?.id) return json(403, { error: { code: 'ORD008', message: 'The order form belongs to another shopper' } })
    if (!form.userProfileId && !owns) return json(404, { error: { code: 'ORD002', message: 'Order form not found' } })
    if (!form.userProfileId && customer) form.userProfileId = customer.id
    if (form.placed) return json(409, { error: { code: 'ORD028', message: 'The order form was placed' } })
    return form
  }

  const formCookies = (form: OrderFormState) => [
    `checkout.vtex.com=__ofid=${form.id}; Path=/; HttpOnly; Secure; SameSite=Lax`,
    `CheckoutOrderFormOwnership=${form.ownership}; Path=/; HttpOnly; Secure; SameSite=Lax`,
  ]

  type ItemInput = { id?: string; index?: number; quantity?: number; seller?: string; attachments?: { name?: string; content?: Record<string, string> | null }[] }
  const sameAttachments = (a: OrderFormLine['attachments'], b: OrderFormLine['attachments']) => JSON.stringify(a) === JSON.stringify(b)

  /**
   * `items` adds, `items/update` sets quantities by index, and PATCH `items`
   * does either per item (with an index it changes that line, without one it
   * adds, with its attachments). Adding sums into the line of the same sku,
   * seller and attachments; a line with other attachments is a line of its
   * own. A request naming an sku the store does not sell changes nothing.
   * Checkout caps a line at the quantity it can sell and says so in a message.
   */
  function changeItems(form: OrderFormState, body: { orderItems?: ItemInput[] }, mode: 'add' | 'update' | 'handle'): Answer {
    const lines = form.lines.map((l) => ({ ...l }))
    for (const item of body.orderItems ?? []) {
      if (mode === 'update' || (mode === 'handle' && item.index !== undefined)) {
        const line = lines[item.index ?? -1]
        if (!line || (mode === 'handle' && item.id !== line.id)) return json(400, { error: { code: 'ORD004', message: `no item ${item.id ?? ''} at index ${item.index}` } })
        line.quantity = item.quantity ?? line.quantity
      } else {
        if (!item.id || !skuIndex.has(item.id)) return json(400, { error: { code: 'ORD005', message: `Item ${item.id} not found` } })
        const attachments = mode === 'handle' ? (item.attachments ?? []).map((a) => ({ name: a.name ?? '', content: a.content ?? {} })) : []
        const existing = lines.find((l) => !l.isGift && l.id === item.id && l.seller === (item.seller ?? '1') && sameAttachments(l.attachments, attachments))
        if (existing) existing.quantity += item.quantity ?? 1
        else lines.push({ id: item.id, seller: item.seller ?? '1', quantity: item.quantity ?? 1, attachments })
      }
    }
    form.messages = []
    form.lines = lines.filter((l) => l.quantity > 0)
    for (const line of form.lines) {
      const { variant } = skuIndex.get(line.id)!
      if (line.quantity > variant.maxQuantity) {
        line.quantity = variant.maxQuantity
        form.messages.push({ code: 'itemQuantityNotAvailable', text: `La quantità dell'articolo ${variant.name} non è disponibile`, status: 'warning' })
      }
    }
    return json(200, orderFormBody(form), { 'set-cookie': formCookies(form) })
  }

  // ---------- Stores ----------
  const distanceKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
    const rad = Math.PI / 180
    const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2
    return 2 * 6371 * Math.asin(Math.sqrt(h))
  }
  const pickupPoint = (s: VtexSeed['stores'][number]) => ({
    friendlyName: s.name,
    address: { addressType: 'pickup', receiverName: '', addressId: s.id, postalCode: s.postalCode, city: s.city, state: s.region, country: 'ITA', street: s.street, number: '', neighborhood: '', complement: '', reference: '', geoCoordinates: [s.longitude, s.latitude] },
    additionalInfo: '',
    id: `1_${s.id}`,
    businessHours: [],
  })

  /** A store as Logistics keeps it: its white-label seller, its hours, and the shop's own seller code and preparation times as tags (docs/vtex.md). */
  const logisticsPickupPoint = (store: VtexSeed['stores'][number]) => ({
    id: store.id,
    name: store.name,
    description: '',
    instructions: '',
    formatted_address: `${store.street}, ${store.postalCode} ${store.city}`,
    address: { postalCode: store.postalCode, country: { acronym: 'ITA', name: 'Italia' }, city: store.city, state: store.region, neighborhood: '', street: store.street, number: '', complement: '', reference: '', location: { latitude: store.latitude, longitude: store.longitude } },
    isActive: true,
    seller: store.vtexSellerId,
    businessHours: Object.entries(store.hours).flatMap(([day, hours]) => (hours ? [{ dayOfWeek: WEEKDAY_NUMBERS[day]!, openingTime: `${hours.open}:00`, closingTime: `${hours.close}:00` }] : [])),
    tagsLabel: [`seller:${store.sellerId}`, `fast:${store.fastTime}`, `slow:${store.slowTime}`],
    pickupHolidays: [],
  })

  async function route(req: WireRequest, operation: string, params: Record<string, string>, q: Record<string, string>): Promise<Answer> {
    switch (operation) {
      case 'GET /product_search/{facets}':
        return productSearch(decodeURIComponent(params.facets ?? ''), q)
      case 'GET /facets/{facets}':
        return facetsOf(decodeURIComponent(params.facets ?? ''), q)
      case 'GET /autocomplete_suggestions':
      case 'GET /search_suggestions':
        return suggestions(q)
      case 'GET /correction_search':
        return correction(q)
      case 'CategoryTree':
        return json(200, categoryTree(Number(params.categoryLevels)))
      case 'ProductAndSkuIds':
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        if (q.categoryId) return json(501, { message: 'the simulator lists no category of its own' })
        return json(200, productAndSkuIds(Number(q._from ?? 1), Number(q._to ?? ID_LISTING_MAX)))
      case 'BrandList':
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        return json(200, seed.brands.map((b) => ({ id: b.vtexId, name: b.name, isActive: true, title: b.name, metaTagDescription: b.name, imageUrl: null })))
      case 'CreateANewCart': {
        const current = /__ofid=([^;]+)/.exec(parseCookies(req.headers.cookie)['checkout.vtex.com'] ?? '')?.[1]
        const existing = current && q.forceNewCart !== 'true' ? orderForms.get(current) : undefined
        const form = existing ?? { id: randomUUID().replace(/-/g, ''), ownership: randomUUID(), userProfileId: customerOf(req)?.id ?? null, lines: [], pickupPointId: null, placed: false, messages: [], salesChannel: q.sc ?? CHECKOUT_TRADE_POLICY }
        if (q.sc) form.salesChannel = q.sc
        orderForms.set(form.id, form)
        return json(200, orderFormBody(form), { 'set-cookie': formCookies(form) })
      }
      case 'GetCartInformationById': {
        const form = formFor(params.orderFormId!, req)
        if (!('status' in form) && q.sc) form.salesChannel = q.sc
        return 'status' in form ? form : json(200, orderFormBody(form), { 'set-cookie': formCookies(form) })
      }
      case 'Items':
      case 'ItemsUpdate':
      case 'ItemsHandle': {
        const form = formFor(params.orderFormId!, req)
        if (!('status' in form) && q.sc) form.salesChannel = q.sc
        return 'status' in form ? form : changeItems(form, req.body as never, operation === 'Items' ? 'add' : operation === 'ItemsUpdate' ? 'update' : 'handle')
      }
      case 'ClearorderFormMessages': {
        const form = formFor(params.orderFormId!, req)
        if (!('status' in form) && q.sc) form.salesChannel = q.sc
        if ('status' in form) return form
        form.messages = []
        return json(200, orderFormBody(form))
      }
      case 'AddShippingAddress': {
        const form = formFor(params.orderFormId!, req)
        if (!('status' in form) && q.sc) form.salesChannel = q.sc
        if ('status' in form) return form
        const body = req.body as { logisticsInfo?: { selectedSla?: string; selectedDeliveryChannel?: string }[]; selectedAddresses?: { addressType?: string; addressId?: string | null }[] }
        // The pickup point is the selected address of type pickup, and each line's pickup-in-point SLA when the form has lines.
        const chosen = body.selectedAddresses?.find((a) => a.addressType?.toLowerCase() === 'pickup')?.addressId ?? body.logisticsInfo?.find((l) => l.selectedDeliveryChannel === 'pickup-in-point')?.selectedSla
        if (chosen && !seed.stores.some((s) => s.id === chosen)) return json(400, { error: { code: 'ORD027', message: `no pickup point ${chosen}` } })
        form.pickupPointId = chosen ?? null
        return json(200, orderFormBody(form))
      }
      case 'ListPickupPpointsByLocation': {
        const [lng, lat] = (q.geoCoordinates ?? '').split(';').map(Number) as [number, number]
        const items = seed.stores
          .map((s) => ({ distance: distanceKm({ lat, lng }, { lat: s.latitude, lng: s.longitude }), pickupPoint: pickupPoint(s) }))
          .sort((a, b) => a.distance - b.distance)
          .slice(0, 50)
        return json(200, { paging: { page: 1, pageSize: 50, total: items.length, pages: 1 }, items })
      }
      case 'GetAddressByPostalCode': {
        const store = seed.stores.find((s) => s.postalCode === params.postalCode)
        const address = seed.addresses.find((a) => a.postalCode === params.postalCode)
        const place = store ? { city: store.city, state: store.region, geoCoordinates: [store.longitude, store.latitude] } : address ? { city: address.city, state: '', geoCoordinates: [] } : null
        if (!place || params.countryCode !== 'ITA') return json(404, { error: { code: 'POS001', message: 'postal code not found' } })
        return json(200, { postalCode: params.postalCode, city: place.city, state: place.state, country: 'ITA', street: '', number: '', neighborhood: '', complement: '', reference: '', geoCoordinates: place.geoCoordinates })
      }
      case 'GetById': {
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        const store = seed.stores.find((s) => s.id === params.pickupPointId)
        if (!store) return json(404, { error: { message: 'pickup point not found' } })
        return json(200, logisticsPickupPoint(store))
      }
      case 'ListAllPickupPpoints':
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        return json(200, seed.stores.map(logisticsPickupPoint))
      case 'InventoryBySku': {
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        const found = skuIndex.get(params.skuId!)
        if (!found) return json(404, { error: { message: 'sku not found' } })
        // Each store is a warehouse of the same id; a variant out of stock online is out of stock in every store.
        return json(200, { skuId: params.skuId, balance: seed.stores.map((s, i) => ({ warehouseId: s.id, warehouseName: s.name, totalQuantity: found.variant.lowPriceCents > 0 ? 20 + (i % 7) : 0, reservedQuantity: 0, hasUnlimitedQuantity: false, timeToRefill: null, dateOfSupplyUtc: null, leadTime: '00:00:00' })) })
      }
      case 'SkuContext': {
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        const found = skuIndex.get(params.skuId!)
        if (!found) return json(404, { Message: 'sku not found' })
        const { product, variant } = found
        const brand = brandOf(product)
        return json(200, {
          Id: Number(variant.sku), ProductId: Number(product.id), NameComplete: variant.name, ProductName: product.name, ProductDescription: product.description, SkuName: variant.name,
          IsActive: true, IsTransported: true, IsInventoried: true, IsGiftCardRecharge: false, ImageUrl: `https://${account}.vtexassets.com/arquivos/ids/${variant.sku}-0/image.jpg`, DetailUrl: `/${product.slug}/p`,
          CSCIdentification: null, BrandId: String(brand.vtexId), BrandName: brand.name,
          Dimension: { cubicweight: 0, height: 0, length: 0, weight: 0, width: 0 }, RealDimension: { realCubicWeight: 0, realHeight: 0, realLength: 0, realWeight: 0, realWidth: 0 },
          ManufacturerCode: '', IsKit: false, KitItems: [], Services: [], Categories: [], Attachments: [], Collections: [], SkuSellers: [], SalesChannels: [1], Images: [], SkuSpecifications: [], ProductSpecifications: [],
          ProductClustersIds: '', ProductCategoryIds: `/${categoryPath(product).map((c) => c.vtexId).join('/')}/`, ProductGlobalCategoryId: null, ProductCategories: {}, CommercialConditionId: 1, RewardValue: 0,
          AlternateIds: {}, AlternateIdValues: [], EstimatedDateArrival: null, MeasurementUnit: 'un', UnitMultiplier: variant.unitMultiplier, InformationSource: null, ModalType: null,
        })
      }
      case 'GetFixedPricesonapricetable': {
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        if (!skuIndex.has(params.itemId!)) return json(404, { message: 'price not found' })
        return json(200, (fixedPrices.get(params.itemId!) ?? []).filter((f) => f.tradePolicyId === params.priceTableId))
      }
      case 'GetOrder': {
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        const order = orders.get(params.orderId!)
        if (!order) return json(404, { error: { code: '404', message: 'Order not found' } })
        const body = orderFormBody(order.form)
        return json(200, {
          orderId: params.orderId, sequence: params.orderId!.split('-')[0], status: order.status, creationDate: order.creationDate, value: body.value, orderFormId: order.form.id, salesChannel: '1',
          clientProfileData: { id: 'clientProfileData', email: order.email, firstName: '', lastName: '' },
          items: body.items.map(({ uniqueId, id, productId, ean, quantity, seller, name, refId, price, listPrice, sellingPrice, imageUrl, detailUrl }) => ({ uniqueId, id, productId, ean, quantity, seller, name, refId, price, listPrice, sellingPrice, imageUrl, detailUrl })),
        })
      }
      case 'GetSession': {
        const customer = customerOf(req)
        const profile = customer
          ? { isAuthenticated: { value: 'true' }, id: { value: customer.id }, email: { value: customer.email }, firstName: { value: customer.givenName }, lastName: { value: customer.familyName } }
          : { isAuthenticated: { value: 'false' } }
        return json(200, { id: randomUUID(), namespaces: { profile, account: { accountName: { value: account } }, store: { channel: { value: '1' }, countryCode: { value: 'ITA' }, cultureInfo: { value: 'it-IT' }, currencyCode: { value: 'EUR' } } } })
      }
      case 'Createnewdocument':
      case 'Createorupdatepartialdocument': {
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        const entity = documents.get(params.dataEntityName!) ?? new Map<string, Record<string, unknown>>()
        documents.set(params.dataEntityName!, entity)
        const body = req.body as Record<string, unknown>
        const id = typeof body.id === 'string' ? body.id : randomUUID()
        entity.set(id, { ...(entity.get(id) ?? {}), ...body, id, accountId: ACCOUNT_ID, accountName: account, dataEntityId: params.dataEntityName! })
        return json(201, { Id: `${params.dataEntityName}-${id}`, Href: `http://${account}.vtexcommercestable.com.br/api/dataentities/${params.dataEntityName}/documents/${id}`, DocumentId: id })
      }
      case 'Getdocument': {
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        const doc = documents.get(params.dataEntityName!)?.get(params.id!)
        return doc ? json(200, doc) : json(404, { Message: 'document not found' })
      }
      case 'Deletedocument': {
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        return documents.get(params.dataEntityName!)?.delete(params.id!) ? json(204, undefined) : json(404, { Message: 'document not found' })
      }
      case 'Searchdocuments': {
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        const where = (q._where ?? '').split(' AND ').map((c) => /^(\w+)=(.*)$/.exec(c.trim())).filter((m): m is RegExpExecArray => m !== null)
        const docs = [...(documents.get(params.dataEntityName!)?.values() ?? [])].filter((d) => where.every(([, k, v]) => String(d[k!]) === v!.replace(/^"|"$/g, '')))
        // `_fields=_all` answers whole documents (what the published schema describes); a field list answers those fields.
        const fields = q._fields && q._fields !== '_all' ? q._fields.split(',') : null
        const projected = docs.map((d) => (fields ? Object.fromEntries(fields.map((f) => [f, d[f]])) : d))
        // REST-Range `resources=from-to` chooses the page, at most 100 documents, as Master Data does.
        const range = /^resources=(\d+)-(\d+)$/.exec(String(req.headers['rest-range'] ?? ''))
        if (!range || Number(range[2]) <= Number(range[1]) || Number(range[2]) - Number(range[1]) > 100) return json(400, { Message: 'REST-Range must be resources=from-to, at most 100' })
        const page = projected.slice(Number(range[1]), Number(range[2]))
        return json(200, page, { 'rest-content-range': `resources=${range[1]}-${Number(range[1]) + page.length}/${projected.length}` })
      }
      case 'Saveschemabyname':
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        schemas.set(`${params.dataEntityName}/${params.schemaName}`, req.body)
        return json(200, { Message: 'JSON Schema persisted successfully. Revalidation and indexing process running in background.' })
      case 'GetProfile':
      case 'GetClientAddresses': {
        if (!isPrivate(req)) return json(401, { Message: 'unauthorized' })
        const customer = seed.customers.find((c) => c.id === params.profileId)
        if (!customer) return json(404, { message: 'profile not found' })
        // The published schema (MaskedProfileResponse) and its example answer the profile in an array.
        if (operation === 'GetProfile') return json(200, [{ id: customer.id, document: { email: customer.email, firstName: customer.givenName, lastName: customer.familyName, document: '', documentType: '' }, meta: { version: '1', author: 'simulator', creationDate: '2026-01-01T00:00:00Z', lastUpdate: '2026-01-01T00:00:00Z' } }])
        return json(200, seed.addresses.filter((a) => a.customerId === customer.id).map((a) => ({ id: a.id, document: { addressType: a.type, postalCode: a.postalCode, locality: a.city, route: a.street, countryCode: a.country, countryName: a.country === 'ITA' ? 'Italia' : a.country, administrativeAreaLevel1: '', localityAreaLevel1: '', streetNumber: '', profileId: customer.id }, meta: { version: '1', author: 'simulator', creationDate: '2026-01-01T00:00:00Z', lastUpdateDate: '2026-01-01T00:00:00Z' } })))
      }
      default:
        return json(501, { message: `the simulator does not serve ${operation}` })
    }
  }

  async function serve(incoming: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(incoming.url ?? '/', 'http://simulator')
    const chunks: Buffer[] = []
    for await (const chunk of incoming) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const query: Record<string, string> = {}
    for (const [k, v] of url.searchParams) query[k] = v
    let body: unknown
    try {
      body = raw ? JSON.parse(raw) : undefined
    } catch {
      body = raw
    }
    const req: WireRequest = { method: incoming.method ?? 'GET', path: url.pathname, query, headers: incoming.headers, body }
    received.push({ method: req.method, path: req.path, query, cookie: incoming.headers.cookie ?? '' })
    const send = (answer: Answer) => {
      const text = answer.body === undefined ? '' : JSON.stringify(answer.body)
      res.writeHead(answer.status, { ...(text ? { 'content-type': 'application/json; charset=utf-8' } : {}), ...answer.headers })
      res.end(text)
    }
    const matched = validator.checkRequest(req)
    const faultAt = faults.findIndex((f) => !f.pathContains || url.pathname.includes(f.pathContains))
    if (faultAt >= 0) {
      const [fault] = faults.splice(faultAt, 1) as [Fault]
      if (fault.delayMs) await new Promise((resolve) => setTimeout(resolve, fault.delayMs))
      if (res.destroyed) return
      return send(json(fault.status ?? 503, { message: 'simulated fault' }, fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : undefined))
    }
    if (!matched) return send(json(404, { message: `no VTEX operation ${req.method} ${req.path}` }))
    if (validator.lastRequestRefused) return send(json(400, { message: 'request refused by the published schema', errors: validator.violations.at(-1)!.errors }))
    const params = (matched.api.router.parseRequest({ method: req.method, path: matched.path, headers: {}, query: {} }, matched.operation).params ?? {}) as Record<string, string>
    const answer = await route(req, matched.name, params, query)
    if (answer.status !== 501) validator.checkAnswer(matched, answer.status, answer.body)
    send(answer)
  }

  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: String(error) }))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    account,
    validator,
    seed,
    faults,
    orderForms,
    fixedPrices,
    get pagesPastLast() {
      return pagesPastLast
    },
    received,
    documents,
    schemas,
    placeOrder(orderFormId, email, status = 'ready-for-handling') {
      const form = orderForms.get(orderFormId)
      if (!form || form.placed) throw new Error(`no open order form ${orderFormId}`)
      form.placed = true
      const orderId = `${1_000_000_000 + orders.size}-01`
      orders.set(orderId, { form, email, status, creationDate: '2026-11-20T10:00:00.0000000+00:00' })
      return orderId
    },
    authCookieFor(email, token = randomUUID()) {
      const customer = seed.customers.find((c) => c.email === email)
      if (!customer) throw new Error(`no seed customer ${email}`)
      sessions.set(token, customer.id)
      return `${authCookie}=${token}`
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
