/**
 * The VTEX backend's adapters on real VTEX answers: FastStore's recordings of its demo store
 * (storeframework), replayed unchanged by testing/replay.ts with no simulator behind it, so every answer
 * mapped here is one VTEX really sent. What they assert are the demo store's own products, prices and facets.
 */
import type { RequestContext } from '../../domain/types'
import { vtexCart } from './cart'
import { vtexCatalog } from './catalog'
import { createVtexClient } from './client'
import { loadRecordings } from './testing/recordings'
import { startReplay, type Replay } from './testing/replay'
import { vtexSettings } from './settings'

const ORDER_FORM = 'edbe3b03c8c94827a37ec5a6a4648fd2'

async function onReplay(files?: string[]) {
  const recordings = files ? files.map((file) => loadRecordings().find((r) => r.file === file)!) : undefined
  const replay = await startReplay({ recordings })
  const settings = vtexSettings({ COMMERCE: 'vtex', VTEX_ACCOUNT: 'storeframework', VTEX_API_URL: replay.url, VTEX_STORE_URL: 'https://www.example.it', VTEX_SALES_CHANNEL: '1', VTEX_APP_KEY: 'vtexappkey-replay', VTEX_APP_TOKEN: 'REPLAY' })
  return { replay, client: createVtexClient(settings) }
}

let replay: Replay | undefined
afterEach(async () => {
  await replay?.close()
  replay = undefined
})

describe('the catalog on recorded Intelligent Search and Catalog answers', () => {
  it('maps a category listing with its facets: products, prices, images, price ranges and the next category level', async () => {
    const on = await onReplay()
    replay = on.replay
    const result = await vtexCatalog(on.client).search({ term: '', category: 'office', filters: [], sort: 'score_desc', page: 0, pageSize: 5 })

    expect(on.replay.counts).toEqual({ recording: 2, upstream: 0, none: 0 })
    expect(result.total).toBe(1826)
    expect(result.products.map((p) => p.name)).toEqual(['Licensed Cotton Hat Licensed', 'Handmade Granite Computer Unbranded', 'Small Cotton Cheese', 'Tasty Frozen Tuna Handmade', 'Sleek Metal Pizza'])
    expect(result.products[0]).toMatchObject({ id: '6049813', slug: 'licensed-cotton-hat-licensed', brand: { id: '2000001', name: 'Skechers', slug: 'skechers' } })
    expect(result.products[0]!.hasVariant.map((v) => [v.sku, v.name, v.offers])).toEqual([
      ['2791588', 'green', { price: 129.09, listPrice: 185.97, lowPrice: 129.09 }],
      ['93344885', 'red', { price: 264.63, listPrice: 325.77, lowPrice: 264.63 }],
    ])
    expect(result.products[0]!.hasVariant[0]!.image[0]).toEqual({ url: 'https://storeframework.vtexassets.com/arquivos/ids/181666/ut.jpg?v=637755525053770000', alternateName: 'repellat' })

    // Intelligent Search answers a price value by its range alone (no `value`, an empty name).
    expect(result.facets.find((f) => f.key === 'price')!.values).toEqual([
      { value: '0.23-150', label: '0.23 - 150 €', quantity: 646, selected: false },
      { value: '360-995.92', label: '360 - 995.92 €', quantity: 601, selected: false },
      { value: '150-360', label: '150 - 360 €', quantity: 579, selected: false },
    ])
    // The level below the listed category, as full category slugs; the listed category itself is hidden.
    expect(result.facets.find((f) => f.key === 'category')!.values).toEqual([
      { value: 'office/chairs', label: 'Chairs', quantity: 951, selected: false },
      { value: 'office/desks', label: 'Desks', quantity: 875, selected: false },
    ])
    expect(result.facets.find((f) => f.key === 'brand')!.values).toContainEqual({ value: 'black-decker', label: 'BLACK+DECKER', quantity: 254, selected: false })
    expect(result.facets.map((f) => f.key)).toEqual(['price', 'category', 'brand'])
  })

  it('reads the facets of an Intelligent Search that names each facet only on its values', async () => {
    // Recorded in 2022: its facets carry no `key` of their own, each value does.
    const on = await onReplay(['faststore/SearchQuery.productSearchCategory1Fetch.5a6830950e.json', 'faststore/SearchQuery.attributeSearchCategory1Fetch.7049085726.json'])
    replay = on.replay
    const result = await vtexCatalog(on.client).search({ term: '', category: 'office', filters: [], sort: 'score_desc', page: 0, pageSize: 5 })

    expect(result.facetsUnavailable).toBeUndefined()
    expect(result.facets.map((f) => [f.key, f.label, f.values.length])).toEqual([
      ['price', 'Pre\ufffdo', 3],
      ['category', 'Categoria', 2],
      ['brand', 'Marca', 7],
    ])
    expect(result.facets[0]!.values[0]).toEqual({ value: '0.23-150', label: '0.23 - 150 €', quantity: 646, selected: false })
    expect(result.facets[1]!.values.map((v) => v.value)).toEqual(['office/chairs', 'office/desks'])
  })

  it('maps a product looked up by its sku, named and placed by the recorded category tree', async () => {
    const on = await onReplay()
    replay = on.replay
    const [product, ...more] = await vtexCatalog(on.client).productsBySku(['64953394'])

    expect(more).toEqual([])
    expect(product).toMatchObject({
      id: '29913569',
      slug: 'unbranded-concrete-table-small',
      name: 'Unbranded Concrete Table Small',
      description: 'Aut omnis nobis tenetur.',
      brand: { id: '9280', name: 'Brand' },
      categoryId: '9295',
      // Intelligent Search's own `sellerId` specification is none of the product's properties.
      properties: [],
      priceTiers: [],
    })
    expect(product!.breadcrumbList.map((c) => [c.name, c.item])).toEqual([
      ['Office', '/office'],
      ['Desks', '/office/desks'],
      ['Unbranded Concrete Table Small', '/unbranded-concrete-table-small/p'],
    ])
    expect(product!.hasVariant).toEqual([
      expect.objectContaining({ sku: '64953394', name: 'fuchsia', offers: { price: 200.64, listPrice: 297.7, lowPrice: 200.64 }, maxQuantity: 10000, unitMultiplier: 1 }),
    ])
    expect(product!.hasVariant[0]!.image).toHaveLength(4)
    // Nothing recorded a Pricing answer: its one call is the 404 of a sku without fixed prices, the rest were recordings.
    expect(on.replay.served.filter((s) => s.by !== 'recording').map((s) => s.url)).toEqual(['/pricing/prices/64953394/fixed/1'])
  })

  it('reads the recorded category tree and the brands of the public brand list', async () => {
    const on = await onReplay()
    replay = on.replay
    const catalog = vtexCatalog(on.client)
    const categories = await catalog.categories()
    expect(categories.filter((c) => c.level === 1).map((c) => [c.slug, c.name])).toEqual([
      ['office', 'Office'],
      ['kitchen-and-home-appliances', 'Kitchen and Home Appliances'],
      ['computer-and-software', 'Computer and Software'],
      ['technology', 'Technology'],
    ])
    expect(categories.filter((c) => c.parentId === '9282').map((c) => c.slug)).toEqual(['office/desks', 'office/chairs'])
    const brands = await catalog.brands()
    expect(brands.slice(0, 3)).toEqual([
      { id: '9280', slug: 'brand', name: 'Brand', privateLabel: false },
      { id: '2000001', slug: 'skechers', name: 'Skechers', privateLabel: false },
      { id: '2000002', slug: 'acer', name: 'Acer', privateLabel: false },
    ])
    expect(on.replay.counts).toEqual({ recording: 2, upstream: 0, none: 0 })
  })
})

describe('the cart on recorded order forms', () => {
  const ctx = (): RequestContext => ({ cookie: `__Host-checkout.vtex.com=__ofid=${ORDER_FORM}` })

  it('reads an order form and replaces its lines, as FastStore recorded a cart being validated', async () => {
    const on = await onReplay(['faststore/ValidateCartMutation.checkoutOrderFormValidFetch.13e6127df8.json', 'faststore/ValidateCartMutation.checkoutOrderFormItemsValidFetch.json'])
    replay = on.replay
    const cart = vtexCart(on.client)

    const before = await cart.get(ORDER_FORM, ctx())
    expect(before.items.map((i) => [i.itemOffered.sku, i.itemOffered.name, i.quantity, i.price, i.listPrice, i.itemOffered.slug, i.itemOffered.brand.name])).toEqual([
      ['2737806', 'Fantastic Soft Cheese plum', 2, 349.12, 557.57, 'fantastic-soft-cheese', 'Acer'],
    ])
    // Checkout's 55×55 thumbnail stands for the picture itself.
    expect(before.items[0]!.itemOffered.image[0]!.url).toMatch(/^https:\/\/storeframework\.vteximg\.com\.br\/arquivos\/ids\/168396[/-]/)

    const skus = ['18643698', '97907082', '64953394', '85095548', '1191988']
    const after = await cart.replaceItems(ORDER_FORM, skus.map((sku) => ({ sku, seller: '1', quantity: 1, attachments: [] })), ctx())
    expect(after.items.map((i) => [i.itemOffered.sku, i.quantity, i.price])).toEqual([
      ['18643698', 1, 44.24],
      ['97907082', 1, 531.54],
      ['64953394', 1, 200.64],
      ['85095548', 1, 650.86],
      ['1191988', 1, 602.78],
    ])
    expect(after.messages).toEqual([])
    // Each cart call reads the order form first; the change is one PATCH of the lines.
    expect(on.replay.served.map((s) => [s.method, s.by])).toEqual([
      ['GET', 'recording'],
      ['GET', 'recording'],
      ['PATCH', 'recording'],
    ])
  })
})
