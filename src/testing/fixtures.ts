/** Test fixtures: cart lines, products and stores shaped like the platform's. */
import { cartItemId } from '../domain/cart'
import type { CartItem, Product, ProductSummary } from '../domain/types'
import type { StoreView } from '../wire/store'

export function cartItem(overrides: Partial<Omit<CartItem, 'itemOffered'>> & { sku?: string; lowPrice?: number; unitMultiplier?: number; maxQuantity?: number } = {}): CartItem {
  const { sku = '1001', lowPrice, unitMultiplier = 1, maxQuantity = 24, ...rest } = overrides
  const price = rest.price ?? 10
  const seller = rest.seller?.identifier ?? '1'
  return {
    id: cartItemId({ sku, seller, price }),
    index: 0,
    quantity: 1,
    price,
    listPrice: 12,
    isKit: false,
    isGift: false,
    seller: { identifier: seller },
    ...rest,
    itemOffered: {
      sku,
      name: `Prodotto ${sku} - 2 kg`,
      gtin: '8000000000017',
      slug: `prodotto-${sku}`,
      image: [{ url: `http://127.0.0.1:9100/images/${sku}/1.webp`, alternateName: `Prodotto ${sku}` }],
      brand: { name: 'Marca' },
      breadcrumbList: [],
      stockKeepingUnit: { isKit: false },
      isVariantOf: { name: `Prodotto ${sku}`, productGroupID: `p${sku}`, hasVariant: [{ sku, offers: { lowPrice: lowPrice ?? price } }] },
      additionalProperty: [],
      productSpecifications: { unitMultiplier, maxQuantity },
    },
  }
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 'p1',
    slug: 'crocchette-adult-pollo',
    name: 'Crocchette Adult Pollo',
    description: 'Alimento completo per cani adulti.',
    brand: { id: 'b1', slug: 'marca', name: 'Marca', privateLabel: false },
    categoryId: 'c3',
    breadcrumbList: [
      { name: 'Cane', item: '/cane', position: 1 },
      { name: 'Crocchette Adult Pollo', item: '/crocchette-adult-pollo/p', position: 2 },
    ],
    hasVariant: [
      {
        sku: '1001',
        name: '2 kg',
        gtin: '8000000000017',
        offers: { price: 10, listPrice: 12, lowPrice: 10 },
        unitMultiplier: 1,
        maxQuantity: 24,
        image: [{ url: 'http://127.0.0.1:9100/images/1001/1.webp', alternateName: 'Crocchette' }],
      },
    ],
    properties: [],
    priceTiers: [],
    tierExtraDiscount: false,
    minQuantity: 1,
    fastPicking: false,
    isKit: false,
    subscription: null,
    releaseDate: '2026-01-01',
    ...overrides,
  }
}

/** A product as a listing or the search box's suggestions show it. */
export function productSummary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: 'p1',
    slug: 'crocchette-adult-pollo',
    name: 'Crocchette Adult Pollo',
    brand: { id: 'b', slug: 'b', name: 'B', privateLabel: false },
    fastPicking: false,
    hasVariant: [{ sku: '1', name: '2 kg', offers: { price: 9.9, listPrice: 9.9, lowPrice: 9.9 }, image: [{ url: 'http://x/1.webp', alternateName: 'x' }] }],
    ...overrides,
  }
}

const weekHours = (open: string, close: string) => ({ open, close })

/** A store as the store Functions answer it: Genova, open 09:00–19:30 Monday to Saturday, closed on Sunday. */
export function storeView(overrides: Partial<StoreView> = {}): StoreView {
  const day = weekHours('09:00', '19:30')
  return {
    id: 'store-007',
    name: 'Zampa Amica Genova',
    street: 'Via XX Settembre 120',
    city: 'Genova',
    region: 'Liguria',
    postalCode: '16121',
    latitude: 44.4,
    longitude: 8.9,
    geoCoordinates: [8.9, 44.4],
    sellerId: 'pet007',
    vtexSellerId: 'zampaamica007',
    distance: 900,
    hours: { monday: day, tuesday: day, wednesday: day, thursday: day, friday: day, saturday: day, sunday: null },
    exceptions: [],
    today: { hours: day, openNow: true },
    inStock: true,
    fastTime: 60,
    slowTime: 1440,
    fastDate: null,
    slowDate: null,
    pickup: { category: 'Default', date: null, time: null, readyAt: null, waitMinutes: null },
    ...overrides,
  }
}
