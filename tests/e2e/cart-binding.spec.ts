/**
 * A guest's cart belongs to the browser that made it: another browser that
 * somehow holds its order form id (copied storage, a shared link) meets a cart
 * that does not exist for it, gets a new empty one, and cannot read or change
 * the first; the first guest goes on to check out. A guest who logs in holding
 * their cart has it claimed: it is theirs, and so is its order.
 */
import { expect, test, type Page } from '@playwright/test'
import { PLATFORM_CART_COOKIE } from '../../platform/wire'
import { e2ePlatformUrl } from './support/env'
import { addFromProductPage, euros, expectCartAgreesWithPlatform, minicart, openMinicart, pickProducts, settled, shot, shownLines, storedCart, type StoredCart } from './support/cart'
import { device, register, uniqueEmail, waitForRestore } from './support/identity'

/** Puts `cart` in the page's IndexedDB as the browser's persisted cart. */
async function storeCart(page: Page, cart: StoredCart): Promise<void> {
  await page.evaluate(
    (value) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store')
        open.onsuccess = () => {
          const write = open.result.transaction('keyval', 'readwrite').objectStore('keyval').put(value, 'main::store::cart')
          write.onsuccess = () => resolve()
          write.onerror = () => reject(write.error)
        }
        open.onerror = () => reject(open.error)
      }),
    cart,
  )
}

test("a second browser holding a guest's order form id gets a cart of its own, cannot touch the guest's, and the guest checks out", async ({ page, context, browser, baseURL }, info) => {
  const [item, other] = await pickProducts(2, (v) => v.price >= 10 && v.price < 30)

  // The guest fills a cart; the browser keeps its key in an HttpOnly, SameSite=Lax cookie.
  await addFromProductPage(page, item!.product, item!.variant.sku)
  const held = await storedCart(page)
  const key = (await context.cookies()).find((c) => c.name === PLATFORM_CART_COOKIE)
  expect(key).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
  expect(await page.evaluate(() => document.cookie)).not.toContain(PLATFORM_CART_COOKIE)
  await page.keyboard.press('Escape')

  // Another browser is given the guest's order form id in its storage.
  const secondContext = await device(browser, info)
  const second = await secondContext.newPage()
  await second.goto('/')
  await expect(second.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await storeCart(second, { ...held, items: [] })
  await second.reload()
  await expect.poll(async () => (await storedCart(second).catch(() => held)).id, { timeout: 20_000 }).not.toBe(held.id)
  await openMinicart(second)
  await settled(second)
  expect(await shownLines(second)).toEqual([])
  await expect(minicart(second)).toContainText('Il tuo carrello è vuoto')
  await shot(second, info.project.name, 'binding-1-second-browser-empty')

  // Asked directly, every Function and the checkout page answer as for an unknown cart.
  const origin = { origin: baseURL ?? '' }
  const newItem = (quantity: number) => ({ quantity, seller: { identifier: '1' }, itemOffered: { sku: item!.variant.sku, additionalProperty: [] } })
  expect((await second.request.get(`/api/checkout/getCartInformation?orderFormId=${held.id}`)).status()).toBe(404)
  expect((await second.request.post('/api/checkout/addCartItem', { headers: origin, data: { orderFormId: held.id, newItem: { ...newItem(1), itemOffered: { sku: other!.variant.sku, additionalProperty: [] } } } })).status()).toBe(404)
  expect((await second.request.post('/api/checkout/updateCartItem', { headers: origin, data: { orderFormId: held.id, newItem: newItem(5) } })).status()).toBe(404)
  expect((await second.request.post('/api/checkout/removeCartItem', { headers: origin, data: { orderFormId: held.id, newItem: newItem(1) } })).status()).toBe(404)
  const checkoutElsewhere = await second.request.get(`${e2ePlatformUrl}/checkout?orderFormId=${held.id}`)
  expect(checkoutElsewhere.status()).toBe(404)
  expect(await checkoutElsewhere.text()).toContain('Carrello non trovato')
  await secondContext.close()

  // The guest's cart is as they left it, and they check out.
  await page.reload()
  await openMinicart(page)
  const form = await expectCartAgreesWithPlatform(page)
  expect(form.id).toBe(held.id)
  expect(await shownLines(page)).toEqual([[item!.variant.sku, 1]])
  const checkout = minicart(page).getByTestId('checkout-button')
  await expect(checkout).toHaveAttribute('href', `${e2ePlatformUrl}/checkout?orderFormId=${held.id}#/orderform`)
  await checkout.click()
  await expect(page).toHaveURL(new RegExp(`/checkout\\?orderFormId=${held.id}#/orderform$`))
  await expect(page.locator(`[data-testid="checkout-line"][data-sku="${item!.variant.sku}"]`).getByTestId('checkout-line-quantity')).toHaveText('1')
  expect(euros(await page.getByTestId('checkout-total').textContent())).toBeCloseTo(form.totals.total, 2)
  await page.getByTestId('checkout-email').fill('ospite@example.it')
  await page.getByTestId('checkout-confirm').click()
  await expect(page.getByTestId('checkout-order-number')).toHaveText(/^PF-/)
  await shot(page, info.project.name, 'binding-2-guest-checked-out')
})

test('a guest who logs in holding their cart has it claimed: it is theirs, the key alone no longer opens it, and its order has them as the customer', async ({ page, context, browser }, info) => {
  const [item] = await pickProducts(1, (v) => v.price >= 10 && v.price < 30)
  await addFromProductPage(page, item!.product, item!.variant.sku)
  const held = await storedCart(page)
  await page.keyboard.press('Escape')

  // Logging in (a new customer) on the platform's page and coming back: the restore saves the cart for them.
  await register(page, uniqueEmail(info, 'claim'))
  await waitForRestore(page)
  const person = (await (await page.request.get(`${e2ePlatformUrl}/api/session`)).json()) as { person: { id: string } }
  await expect
    .poll(async () => ((await (await page.request.get(`${e2ePlatformUrl}/api/orderforms/${held.id}`)).json()) as { customerId: string | null }).customerId)
    .toBe(person.person.id)
  expect((await storedCart(page)).id).toBe(held.id)
  await openMinicart(page)
  expect(await shownLines(page)).toEqual([[item!.variant.sku, 1]])

  // Another browser with only the guest's key: the cart is a customer's now, closed to it.
  const keyOnly = await device(browser, info)
  await keyOnly.addCookies((await context.cookies()).filter((c) => c.name === PLATFORM_CART_COOKIE))
  expect((await keyOnly.request.get(`/api/checkout/getCartInformation?orderFormId=${held.id}`)).status()).toBe(403)
  await keyOnly.close()

  // The customer checks out with no email to give, and the order is theirs.
  await minicart(page).getByTestId('checkout-button').click()
  await expect(page).toHaveURL(new RegExp(`/checkout\\?orderFormId=${held.id}#/orderform$`))
  await expect(page.getByTestId('checkout-email')).toHaveCount(0)
  await page.getByTestId('checkout-confirm').click()
  await expect(page.getByTestId('checkout-order-number')).toHaveText(/^PF-/)
  const placed = (await (await page.request.get(`${e2ePlatformUrl}/api/orderforms/${held.id}`)).json()) as { status: string; customerId: string | null }
  expect(placed).toMatchObject({ status: 'placed', customerId: person.person.id })
  await shot(page, info.project.name, 'binding-3-claimed-order')
})
