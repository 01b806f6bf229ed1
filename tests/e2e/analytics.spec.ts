/**
 * GA4 ecommerce events in the data layer (src/sdk/analytics/ga4.ts), with
 * GA4's item shape: a category's list, the card chosen, the product seen,
 * units added from the buy box and the minicart, the cart seen, units taken
 * away and a line removed.
 */
import { expect, test, type Page } from '@playwright/test'
import { lineOf, pickProduct, settled } from './support/cart'

type Entry = { event: string; ecommerce?: { currency?: string; items: Record<string, unknown>[]; item_list_name?: string } }

const events = (page: Page, name: string) =>
  page.evaluate((n) => ((window.dataLayer ?? []) as Entry[]).filter((e) => e.event === n), name)

const itemShape = {
  item_id: expect.any(String),
  item_name: expect.any(String),
  item_brand: expect.any(String),
  item_variant: expect.any(String),
  price: expect.any(Number),
  quantity: expect.any(Number),
  currency: 'EUR',
}

test('a shopper from a category to the minicart sends every GA4 event with its items', async ({ page }) => {
  await page.goto('/cane')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect.poll(async () => (await events(page, 'view_item_list')).length).toBe(1)
  const [list] = await events(page, 'view_item_list')
  expect(list!.ecommerce).toMatchObject({ currency: 'EUR', item_list_name: '/cane' })
  expect(list!.ecommerce!.items.length).toBeGreaterThan(0)
  for (const item of list!.ecommerce!.items) expect(item).toMatchObject(itemShape)

  // The first card in stock: its link is followed, select_item names it.
  const card = page.getByTestId('product-card').filter({ has: page.getByTestId('card-price') }).first()
  const productId = await card.getAttribute('data-product-id')
  await card.getByTestId('product-card-link').click()
  await page.waitForURL(/\/p$/)
  // Pushed once the browser is idle, like every GA4 event: it may come after the new page shows.
  await expect.poll(async () => (await events(page, 'select_item')).length).toBe(1)
  const selected = await events(page, 'select_item')
  expect(selected).toEqual([expect.objectContaining({ ecommerce: expect.objectContaining({ items: [expect.objectContaining({ ...itemShape, item_id: productId, item_list_name: '/cane' })] }) })])

  await expect.poll(async () => (await events(page, 'view_item')).length).toBe(1)
  const [viewed] = await events(page, 'view_item')
  expect(viewed!.ecommerce!.items).toEqual([expect.objectContaining({ ...itemShape, item_id: productId, quantity: 1 })])

  // A product with room for more units, for the minicart's stepper.
  const { product, variant } = await pickProduct(() => true)
  const sku = variant.sku
  await page.goto(`/${product.slug}/p`)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByTestId('buy-button').click()
  await page.getByTestId('added-to-cart-modal').getByTestId('added-to-cart-go-to-cart').click()
  await expect(page.getByTestId('minicart')).toBeVisible()
  await settled(page)
  await expect.poll(async () => (await events(page, 'add_to_cart')).length).toBe(1)
  const [added] = await events(page, 'add_to_cart')
  expect(added!.ecommerce!.items).toEqual([expect.objectContaining({ ...itemShape, item_name: product.name, item_variant: sku })])
  expect(await events(page, 'view_cart')).toEqual([expect.objectContaining({ ecommerce: expect.objectContaining({ items: [expect.objectContaining({ ...itemShape, item_variant: sku })] }) })])

  const line = lineOf(page, sku)
  const before = (await events(page, 'add_to_cart')).length
  await line.getByRole('button', { name: 'Aumenta la quantità' }).click()
  await settled(page)
  await expect.poll(async () => (await events(page, 'add_to_cart')).length).toBe(before + 1)
  expect((await events(page, 'add_to_cart')).at(-1)!.ecommerce!.items).toEqual([expect.objectContaining({ item_variant: sku, quantity: 1 })])

  await line.getByTestId('minicart-line-remove').click()
  await expect(line).toHaveCount(0)
  await expect.poll(async () => (await events(page, 'remove_from_cart')).length).toBe(1)
  const [removed] = await events(page, 'remove_from_cart')
  expect(removed!.ecommerce!.items).toEqual([expect.objectContaining({ ...itemShape, item_variant: sku })])
})
