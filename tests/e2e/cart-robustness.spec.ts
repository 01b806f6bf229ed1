/**
 * The cart never loses what the shopper put in it, and says what became of
 * a change (req CART-15, CART-18, CART-29): the platform stopped and restarted
 * mid-journey, two tabs changing one cart, a stale order form, lines the
 * platform no longer has, and double clicks and rapid quantity changes.
 */
import { expect, test } from '@playwright/test'
import { e2ePlatformUrl } from './support/env'
import {
  addFromProductPage,
  expectCartAgreesWithPlatform,
  focusTab,
  lineOf,
  minicart,
  openMinicart,
  pickProducts,
  platformOrderForm,
  quantityOf,
  settled,
  shot,
  setStoredCartId,
  shownLines,
  startPlatformAgain,
  stopPlatform,
  storedCart,
} from './support/cart'

const unavailable = 'Non è stato possibile aggiornare il carrello. Riprova tra poco: i tuoi articoli sono al sicuro.'
const changeKept = 'Il carrello non risponde: la modifica è salvata su questo dispositivo e la invieremo appena possibile.'

test('the platform stopped and restarted mid-journey loses nothing', async ({ page }, info) => {
  const [first, second] = await pickProducts(2, (v) => v.price >= 6 && v.price < 30)
  await addFromProductPage(page, first!.product, first!.variant.sku)
  const { id } = await storedCart(page)

  await stopPlatform()
  try {
    // A quantity change and a new product while the platform is down stay in the browser, and the shopper is told at once.
    await lineOf(page, first!.variant.sku).getByRole('button', { name: 'Aumenta la quantità' }).click()
    await expect(page.getByTestId('toasts').getByRole('alert')).toHaveText(changeKept)
    await expect(quantityOf(page, first!.variant.sku)).toHaveText('2')
    await expect(minicart(page).getByText(unavailable)).toBeVisible()
    await expect(minicart(page).getByTestId('checkout-button')).toHaveAttribute('aria-disabled', 'true')
    await page.goto(`/${second!.product.slug}/p`)
    await page.getByTestId('buy-button').click()
    await page.getByTestId('added-to-cart-go-to-cart').click()
    await expect(lineOf(page, second!.variant.sku)).toBeVisible()
    await expect(minicart(page).getByText(unavailable)).toBeVisible()
    await shot(page, info.project.name, 'robust-1-platform-down')

    // A reload while the platform is down shows the same cart, read back from the browser.
    await page.reload()
    await expect(page.getByTestId('cart-count')).toHaveText('3')
    await openMinicart(page)
    expect(await shownLines(page)).toEqual(
      [
        [first!.variant.sku, 2],
        [second!.variant.sku, 1],
      ].sort() as [string, number][],
    )
    await expect(page.getByText('I believe something went wrong')).toHaveCount(0)
  } finally {
    await startPlatformAgain()
  }

  // The cart asks again by itself and reconciles: the platform's order form now holds both lines.
  await expect(minicart(page).getByText(unavailable)).toHaveCount(0, { timeout: 20_000 })
  await expect(minicart(page).getByTestId('checkout-button')).toHaveAttribute('aria-disabled', 'false')
  const form = await expectCartAgreesWithPlatform(page)
  expect(form.id).toBe(id)
  await shot(page, info.project.name, 'robust-2-platform-back')
})

test('two tabs changing the same cart agree with the platform after focus', async ({ page, context }) => {
  const [a, b] = await pickProducts(2, (v) => v.price >= 6 && v.price < 30)
  await addFromProductPage(page, a!.product, a!.variant.sku)

  const other = await context.newPage()
  await addFromProductPage(other, b!.product, b!.variant.sku)
  // The second tab started from the cart the first one persisted.
  expect(await shownLines(other)).toEqual([[a!.variant.sku, 1], [b!.variant.sku, 1]].sort() as [string, number][])
  await lineOf(other, a!.variant.sku).getByRole('button', { name: 'Aumenta la quantità' }).click()
  await expect(quantityOf(other, a!.variant.sku)).toHaveText('2')
  await settled(other)

  await focusTab(page)
  await openMinicart(page)
  await expect(quantityOf(page, a!.variant.sku)).toHaveText('2')
  await expect(lineOf(page, b!.variant.sku)).toBeVisible()
  const seenByFirst = await expectCartAgreesWithPlatform(page)

  // Now the first tab changes it, and the second catches up on focus.
  await lineOf(page, b!.variant.sku).getByTestId('minicart-line-remove').click()
  await expect(lineOf(page, b!.variant.sku)).toHaveCount(0)
  await settled(page)
  await focusTab(other)
  await expect(lineOf(other, b!.variant.sku)).toHaveCount(0)
  const seenBySecond = await expectCartAgreesWithPlatform(other)
  expect(seenBySecond.id).toBe(seenByFirst.id)
  expect(await shownLines(page)).toEqual(await shownLines(other))
})

test('once its order is placed, the cart is empty again and says which order was received, with no error page', async ({ page, context }) => {
  const [item] = await pickProducts(1, (v) => v.price >= 10 && v.price < 30)
  await addFromProductPage(page, item!.product, item!.variant.sku)
  const { id: placedId } = await storedCart(page)

  // The order is placed on the platform's checkout in another tab.
  const checkout = await context.newPage()
  await checkout.goto(`${e2ePlatformUrl}/checkout?orderFormId=${placedId}`)
  await checkout.getByTestId('checkout-email').fill('ospite@example.it')
  await checkout.getByTestId('checkout-confirm').click()
  await expect(checkout.getByTestId('checkout-order-number')).toBeVisible()
  const orderNumber = (await checkout.getByTestId('checkout-order-number').textContent())!.trim()
  expect((await platformOrderForm(page, placedId)).status).toBe('placed')
  await checkout.close()

  // Back in the shop, the next validation meets the placed order form: the bought line is gone, for good.
  await page.reload()
  await expect(page.getByTestId('toasts')).toContainText(`Ordine ${orderNumber} ricevuto: il carrello è di nuovo vuoto.`)
  await expect(page.getByTestId('cart-count')).toHaveCount(0)
  await openMinicart(page)
  await settled(page)
  await expect(lineOf(page, item!.variant.sku)).toHaveCount(0)
  await expect(minicart(page)).toContainText('Il tuo carrello è vuoto')
  await expect(page.getByTestId('toasts')).not.toContainText('Questo prodotto non è più presente nel carrello.')
  const fresh = await expectCartAgreesWithPlatform(page)
  expect(fresh.id).not.toBe(placedId)
  expect(fresh.status).toBe('open')
  expect(fresh.items).toEqual([])
  await shot(page, test.info().project.name, 'order-received')

  // A reload neither brings the lines back nor says it again.
  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await openMinicart(page)
  await settled(page)
  await expect(minicart(page)).toContainText('Il tuo carrello è vuoto')
  expect((await storedCart(page)).items).toEqual([])
  await expect(page.getByTestId('toasts')).not.toContainText('ricevuto')
})

test('an order form that no longer exists gives way to a fresh cart that keeps the lines', async ({ page }) => {
  const [item] = await pickProducts(1, (v) => v.price >= 10 && v.price < 30)
  await addFromProductPage(page, item!.product, item!.variant.sku)
  await setStoredCartId(page, '00000000-0000-4000-8000-000000000000')
  await page.reload()
  await expect(page.getByTestId('cart-count')).toHaveText('1')
  await openMinicart(page)
  await settled(page)
  const fresh = await expectCartAgreesWithPlatform(page)
  expect(fresh.id).not.toBe('00000000-0000-4000-8000-000000000000')
  expect(await shownLines(page)).toEqual([[item!.variant.sku, 1]])
})

test('lines the platform no longer has leave the cart with a message naming them, and a quantity change for one says it is gone', async ({ page }, info) => {
  const [first, second] = await pickProducts(2, (v) => v.price >= 6 && v.price < 30)
  await addFromProductPage(page, first!.product, first!.variant.sku)
  await addFromProductPage(page, second!.product, second!.variant.sku)
  const { id } = await storedCart(page)
  // Another device of the same shopper takes lines out of the cart on the platform.
  const removeOnPlatform = async (sku: string) => {
    const answer = await page.request.post(`${e2ePlatformUrl}/api/orderforms/${id}/items/remove`, { data: { sku, seller: '1', attachments: [] } })
    expect(answer.status()).toBe(200)
  }
  const toasts = page.getByTestId('toasts')

  await removeOnPlatform(second!.variant.sku)
  await page.reload()
  await expect(toasts).toContainText(`«${second!.product.name}`)
  await expect(toasts).toContainText("non è più presente nel carrello: è stato tolto da un'altra scheda o da un altro dispositivo.")
  await shot(page, info.project.name, 'robust-4-line-gone')
  await openMinicart(page)
  await expect(lineOf(page, second!.variant.sku)).toHaveCount(0)
  await settled(page)

  await removeOnPlatform(first!.variant.sku)
  await lineOf(page, first!.variant.sku).getByRole('button', { name: 'Aumenta la quantità' }).click()
  await expect(toasts.getByRole('alert')).toHaveText('Questo prodotto non è più presente nel carrello.')
  await expect(lineOf(page, first!.variant.sku)).toHaveCount(0)
  await expect(minicart(page).getByText('Il tuo carrello è vuoto')).toBeVisible()
  await expectCartAgreesWithPlatform(page)
})

test('double clicks and rapid quantity changes never duplicate a line or leave a wrong quantity', async ({ page }, info) => {
  const [item] = await pickProducts(1, (v) => v.price >= 3 && v.price < 20 && v.maxQuantity >= 10)
  await page.goto(`/${item!.product.slug}/p`)
  const buy = page.getByTestId('buy-button')
  await expect(buy).toBeEnabled()
  // A double click is one intent: one unit, one line, and the add-to-cart modal stays open.
  await buy.dblclick()
  await expect(page.getByTestId('added-to-cart-modal')).toBeVisible()
  await page.getByTestId('added-to-cart-go-to-cart').click()
  await expect(lineOf(page, item!.variant.sku)).toHaveCount(1)
  await expect(quantityOf(page, item!.variant.sku)).toHaveText('1')
  await settled(page)
  await expectCartAgreesWithPlatform(page)
  // Each later add of the same product counts, into the same line.
  for (const expected of ['2', '3']) {
    await page.goto(`/${item!.product.slug}/p`)
    await expect(buy).toBeEnabled()
    await buy.click()
    await page.getByTestId('added-to-cart-go-to-cart').click()
    await expect(quantityOf(page, item!.variant.sku)).toHaveText(expected)
  }
  await expect(lineOf(page, item!.variant.sku)).toHaveCount(1)

  const line = lineOf(page, item!.variant.sku)
  const plus = line.getByRole('button', { name: 'Aumenta la quantità' })
  const minus = line.getByRole('button', { name: 'Diminuisci la quantità' })
  // Clicks as fast as the stepper takes them, without waiting for the cart to settle.
  for (let i = 0; i < 4; i++) await plus.click()
  await minus.dblclick()
  await plus.dblclick()
  await settled(page)
  const shown = Number(await quantityOf(page, item!.variant.sku).textContent())
  expect(shown).toBeGreaterThanOrEqual(4)
  await expect(lineOf(page, item!.variant.sku)).toHaveCount(1)
  await expect(page.getByTestId('cart-count')).toHaveText(String(shown))
  const form = await expectCartAgreesWithPlatform(page)
  expect(form.items.filter((i) => i.sku === item!.variant.sku)).toHaveLength(1)
  await shot(page, info.project.name, 'robust-3-rapid')
})
