/**
 * What the cart journeys share: products picked from the platform's catalog,
 * the minicart as the shopper sees it, the browser's persisted cart, the
 * platform's order form, and the platform's admin and outage controls.
 */
import { readFile } from 'node:fs/promises'
import { expect, type Page } from '@playwright/test'
import { e2eAdminToken, e2eControlFile, e2ePlatformUrl } from './env'

export interface CatalogVariant {
  sku: string
  price: number
  listPrice: number
  lowPrice: number
  maxQuantity: number
  unitMultiplier: number
}

export interface CatalogProduct {
  slug: string
  name: string
  minQuantity: number
  priceTiers: unknown[]
  isKit: boolean
  variants: CatalogVariant[]
}

let catalogCache: CatalogProduct[] | undefined

export async function catalog(): Promise<CatalogProduct[]> {
  if (!catalogCache) {
    const answer = await fetch(`${e2ePlatformUrl}/api/catalog/products?page=0&pageSize=500`)
    catalogCache = ((await answer.json()) as { items: CatalogProduct[] }).items
  }
  return catalogCache
}

/**
 * Products with one variant in stock, no price tiers, minimum quantity 1 and
 * room for a few units: the buy box adds exactly that variant and the price
 * does not move with the quantity.
 */
export async function simpleProducts(accept: (variant: CatalogVariant) => boolean = () => true): Promise<{ product: CatalogProduct; variant: CatalogVariant }[]> {
  return (await catalog())
    .filter((p) => p.variants.length === 1 && p.priceTiers.length === 0 && p.minQuantity === 1 && !p.isKit)
    .map((product) => ({ product, variant: product.variants[0]! }))
    .filter(({ variant }) => variant.lowPrice > 0 && variant.maxQuantity >= 6 && variant.unitMultiplier === 1 && accept(variant))
}

/** `count` distinct simple products, or a clear failure when the seed has too few. */
export async function pickProducts(count: number, accept: (variant: CatalogVariant) => boolean): Promise<{ product: CatalogProduct; variant: CatalogVariant }[]> {
  const found = await simpleProducts(accept)
  if (found.length < count) throw new Error(`the seed catalog has ${found.length} matching products, the journey needs ${count}`)
  return found.slice(0, count)
}

export async function pickProduct(accept: (variant: CatalogVariant) => boolean): Promise<{ product: CatalogProduct; variant: CatalogVariant }> {
  return (await pickProducts(1, accept))[0]!
}

export const euros = (text: string | null) => Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'))

export const minicart = (page: Page) => page.getByTestId('minicart')

export const lineOf = (page: Page, sku: string) => minicart(page).locator(`[data-testid="minicart-line"][data-sku="${sku}"]`)

export const quantityOf = (page: Page, sku: string) => lineOf(page, sku).getByRole('status', { name: 'Quantità' })

/** The minicart has no validation or line change in flight. */
export async function settled(page: Page): Promise<void> {
  await expect(minicart(page)).toHaveAttribute('aria-busy', 'false')
}

export async function openMinicart(page: Page): Promise<void> {
  if (!(await minicart(page).isVisible())) await page.getByTestId('cart-button').click()
  await expect(minicart(page)).toBeVisible()
}

/** Adds the product from its page, as a shopper would, and waits for the minicart to settle. */
export async function addFromProductPage(page: Page, product: CatalogProduct, sku: string): Promise<void> {
  await page.goto(`/${product.slug}/p`)
  const buy = page.getByTestId('buy-button')
  await expect(buy).toBeEnabled()
  await expect(buy).toHaveAttribute('data-sku', sku)
  await buy.click()
  // The add-to-cart modal confirms the add; its "Vai al carrello" opens the minicart.
  await page.getByTestId('added-to-cart-modal').getByTestId('added-to-cart-go-to-cart').click()
  await expect(lineOf(page, sku)).toBeVisible()
  await settled(page)
}

/** The lines the minicart shows, as [sku, quantity], paid lines only. */
export async function shownLines(page: Page): Promise<[string, number][]> {
  const lines = minicart(page).locator('ul:not([data-testid="minicart-gifts"]) > [data-testid="minicart-line"]')
  const result: [string, number][] = []
  for (const line of await lines.all()) {
    result.push([(await line.getAttribute('data-sku'))!, Number(await line.getByRole('status', { name: 'Quantità' }).textContent())])
  }
  return result.sort()
}

/** The minicart's paid lines once it has settled, opened and closed again as a shopper would look. */
export async function cartLines(page: Page): Promise<[string, number][]> {
  await openMinicart(page)
  await settled(page)
  const lines = await shownLines(page)
  await page.keyboard.press('Escape')
  return lines
}

export interface StoredCart {
  id: string
  items: { itemOffered: { sku: string }; quantity: number; isGift: boolean }[]
}

/** The cart the browser persisted (IndexedDB, key main::store::cart). */
export async function storedCart(page: Page): Promise<StoredCart> {
  return page.evaluate(
    () =>
      new Promise<StoredCart>((resolve, reject) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('keyval', 'readonly').objectStore('keyval').get('main::store::cart')
          read.onsuccess = () => resolve(read.result as StoredCart)
          read.onerror = () => reject(read.error)
        }
      }),
  )
}

/** Rewrites the persisted cart's order form id, as if the browser held an old one. */
export async function setStoredCartId(page: Page, id: string): Promise<void> {
  await page.evaluate(
    (newId) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store')
        open.onsuccess = () => {
          const store = open.result.transaction('keyval', 'readwrite').objectStore('keyval')
          const read = store.get('main::store::cart')
          read.onsuccess = () => {
            const write = store.put({ ...read.result, id: newId }, 'main::store::cart')
            write.onsuccess = () => resolve()
            write.onerror = () => reject(write.error)
          }
        }
        open.onerror = () => reject(open.error)
      }),
    id,
  )
}

export interface PlatformOrderForm {
  id: string
  status: string
  items: { sku: string; quantity: number; isGift: boolean; price: number }[]
  totals: { total: number }
}

/**
 * The platform's order form, read with the cookies of the page's browser: a
 * guest's cart answers only to the browser holding its key.
 */
export async function platformOrderForm(page: Page, id: string): Promise<PlatformOrderForm> {
  const answer = await page.request.get(`${e2ePlatformUrl}/api/orderforms/${id}`)
  expect(answer.status()).toBe(200)
  return (await answer.json()) as PlatformOrderForm
}

/** [sku, quantity] of the platform order form's paid lines. */
export const paidLines = (form: PlatformOrderForm): [string, number][] =>
  form.items
    .filter((i) => !i.isGift)
    .map((i): [string, number] => [i.sku, i.quantity])
    .sort()

/** The browser's cart, the minicart and the platform's order form all hold the same lines. */
export async function expectCartAgreesWithPlatform(page: Page): Promise<PlatformOrderForm> {
  await settled(page)
  const stored = await storedCart(page)
  const form = await platformOrderForm(page, stored.id)
  const storedLines = stored.items.filter((i) => !i.isGift).map((i): [string, number] => [i.itemOffered.sku, i.quantity]).sort()
  expect(storedLines).toEqual(paidLines(form))
  expect(await shownLines(page)).toEqual(paidLines(form))
  return form
}

export async function patchSku(sku: string, body: { price?: number; listPrice?: number; lowPrice?: number }): Promise<void> {
  const answer = await fetch(`${e2ePlatformUrl}/api/admin/skus/${sku}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', 'x-admin-token': e2eAdminToken },
    body: JSON.stringify(body),
  })
  expect(answer.status).toBe(200)
}

async function control(action: 'suspend' | 'resume' | 'fail' | 'heal' | `slow?ms=${number}`): Promise<void> {
  const { url } = JSON.parse(await readFile(e2eControlFile, 'utf8')) as { url: string }
  const answer = await fetch(`${url}/${action}`, { method: 'POST' })
  expect(answer.status).toBe(200)
}

/** The platform stops answering on its port; its data stays. */
export const stopPlatform = () => control('suspend')
export const startPlatformAgain = () => control('resume')
/** Every platform API request does its work, then holds its answer back `ms`. */
export const slowPlatform = (ms: number) => control(`slow?ms=${ms}`)
/** Every platform API request answers 500. */
export const failPlatform = () => control('fail')
/** No slowness, no failure, listening again. */
export const healPlatform = () => control('heal')

/** The tab regains focus, as when the shopper comes back to it. */
export async function focusTab(page: Page): Promise<void> {
  await page.bringToFront()
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
}

export async function shot(page: Page, project: string, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${project}-${name}.png` })
}
