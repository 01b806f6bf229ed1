/**
 * Cart journeys in the browser (req MINICART-03, CART-18, CART-20, CHECKOUT-01, CHECKOUT-02): add from a product
 * page, change quantity, remove, the empty state, the minimum order, an
 * out-of-stock line, loyalty points, and the hand-off to the platform's checkout.
 */
import { expect, test } from '@playwright/test'
import { e2ePlatformUrl } from './support/env'
import {
  addFromProductPage,
  euros,
  expectCartAgreesWithPlatform,
  lineOf,
  minicart,
  openMinicart,
  patchSku,
  quantityOf,
  settled,
  shot,
  pickProduct,
  pickProducts,
  storedCart,
} from './support/cart'

type Picked = Awaited<ReturnType<typeof pickProducts>>[number]

test('add from a product page, change the quantity, remove, and see the empty state', async ({ page }, info) => {
  const { product, variant } = await pickProduct((v) => v.price >= 9 && v.price < 40)
  await addFromProductPage(page, product, variant.sku)
  const cart = minicart(page)
  await expect(cart.getByRole('heading', { name: 'Il tuo carrello' })).toBeVisible()
  await expect(page.locator('body')).toHaveClass(/no-scroll/)
  await expect(lineOf(page, variant.sku)).toContainText(product.name)
  await expect(quantityOf(page, variant.sku)).toHaveText('1')
  await expect(cart.getByTestId('minicart-total')).toHaveText(`€ ${variant.price.toFixed(2).replace('.', ',')}`)
  await expect(cart.getByTestId('loyalty-badge')).toContainText('avresti potuto accumulare')
  await expectCartAgreesWithPlatform(page)
  await shot(page, info.project.name, 'cart-1-line')

  const line = lineOf(page, variant.sku)
  await line.getByRole('button', { name: 'Aumenta la quantità' }).click()
  await expect(quantityOf(page, variant.sku)).toHaveText('2')
  await line.getByRole('button', { name: 'Aumenta la quantità' }).click()
  await expect(quantityOf(page, variant.sku)).toHaveText('3')
  await line.getByRole('button', { name: 'Diminuisci la quantità' }).click()
  await expect(quantityOf(page, variant.sku)).toHaveText('2')
  await expect(cart.getByTestId('minicart-total')).toHaveText(`€ ${(variant.price * 2).toFixed(2).replace('.', ',')}`)
  await expect(page.getByTestId('cart-count')).toHaveText('2')
  const form = await expectCartAgreesWithPlatform(page)
  expect(form.totals.total).toBeCloseTo(variant.price * 2, 2)

  await line.getByTestId('minicart-line-remove').click()
  await expect(cart.getByTestId('minicart-empty')).toBeVisible()
  await expect(cart.getByText('Il tuo carrello è vuoto')).toBeVisible()
  await expect(cart.getByRole('link', { name: 'Inizia lo shopping' })).toHaveAttribute('href', '/')
  await expect(cart.getByRole('link', { name: 'Visualizza la Wishlist' })).toHaveAttribute('href', `${e2ePlatformUrl}/account#/wishlist`)
  await expect(page.getByTestId('cart-count')).toHaveCount(0)
  const emptied = await storedCart(page)
  expect(emptied.items).toEqual([])
  await shot(page, info.project.name, 'cart-2-empty')

  await cart.getByRole('button', { name: 'Chiudi' }).click()
  await expect(cart).toBeHidden()
  await expect(page.locator('body')).not.toHaveClass(/no-scroll/)
})

test('a cart under 8,99 € warns and blocks checkout until the minimum is reached', async ({ page }, info) => {
  const { product, variant } = await pickProduct((v) => v.price >= 2 && v.price < 4.5)
  await addFromProductPage(page, product, variant.sku)
  const cart = minicart(page)
  const warning = cart.getByTestId('minicart-minimum')
  await expect(warning).toHaveText("Attenzione: il valore minimo d'ordine è di 8,99€ (spese di consegna escluse)")
  const checkout = cart.getByTestId('checkout-button')
  await expect(checkout).toHaveAttribute('aria-disabled', 'true')
  await expect(checkout).not.toHaveAttribute('href', /.+/)
  await shot(page, info.project.name, 'cart-3-minimum')
  await checkout.click()
  await expect(page).not.toHaveURL(/checkout/)

  const needed = Math.ceil(8.99 / variant.price)
  for (let quantity = 2; quantity <= needed; quantity++) {
    await lineOf(page, variant.sku).getByRole('button', { name: 'Aumenta la quantità' }).click()
    await expect(quantityOf(page, variant.sku)).toHaveText(String(quantity))
  }
  await settled(page)
  await expect(warning).toHaveCount(0)
  await expect(checkout).toHaveAttribute('aria-disabled', 'false')
  await expect(checkout).toHaveAttribute('href', /\/checkout\?orderFormId=[0-9a-f-]{36}#\/orderform$/)
})

test('an out-of-stock line blocks checkout until it is removed', async ({ page }, info) => {
  const [kept, lost] = (await pickProducts(3, (v) => v.price >= 10 && v.price < 40)).slice(1) as [Picked, Picked]
  await addFromProductPage(page, kept.product, kept.variant.sku)
  await addFromProductPage(page, lost.product, lost.variant.sku)
  await expect(minicart(page).getByTestId('checkout-button')).toHaveAttribute('aria-disabled', 'false')

  // The platform zeroes the sku's price: it is out of stock (lowPrice follows the price to 0).
  await patchSku(lost.variant.sku, { price: 0 })
  try {
    await page.reload()
    await openMinicart(page)
    const cart = minicart(page)
    await expect(cart.getByRole('alert').filter({ hasText: 'Nel carrello è presente' })).toHaveText(
      "Nel carrello è presente un articolo al momento non disponibile. Rimuovi l'articolo per procedere all'acquisto",
    )
    const lostLine = lineOf(page, lost.variant.sku)
    await expect(lostLine.getByTestId('minicart-line-unavailable')).toHaveText(
      "Questo articolo non è al momento disponibile. Rimuovi questo articolo per procedere all'acquisto",
    )
    await expect(lineOf(page, kept.variant.sku).getByTestId('minicart-line-unavailable')).toHaveCount(0)
    await settled(page)
    await expect(cart.getByTestId('checkout-button')).toHaveAttribute('aria-disabled', 'true')
    await shot(page, info.project.name, 'cart-4-out-of-stock')

    await lostLine.getByTestId('minicart-line-remove').click()
    await expect(lostLine).toHaveCount(0)
    await settled(page)
    await expect(cart.getByText(/Nel carrello è presente/)).toHaveCount(0)
    await expect(cart.getByTestId('checkout-button')).toHaveAttribute('aria-disabled', 'false')
    await expectCartAgreesWithPlatform(page)
  } finally {
    await patchSku(lost.variant.sku, { price: lost.variant.price, lowPrice: lost.variant.lowPrice })
  }
})

test("'Vai alla cassa' reaches the platform's checkout with the same lines and total", async ({ page }, info) => {
  const picks = (await pickProducts(5, (v) => v.price >= 5 && v.price < 30)).slice(3)
  for (const { product, variant } of picks) await addFromProductPage(page, product, variant.sku)
  await lineOf(page, picks[0]!.variant.sku).getByRole('button', { name: 'Aumenta la quantità' }).click()
  await expect(quantityOf(page, picks[0]!.variant.sku)).toHaveText('2')
  await settled(page)
  const cart = minicart(page)
  const checkout = cart.getByTestId('checkout-button')
  await expect(checkout).toHaveText('Vai alla cassa')
  const { id } = await storedCart(page)
  await expect(checkout).toHaveAttribute('href', `${e2ePlatformUrl}/checkout?orderFormId=${id}#/orderform`)
  await expect(cart.getByTestId('minicart-total')).toHaveText(/^€ \d+,\d{2}$/)
  const total = euros(await cart.getByTestId('minicart-total').textContent())
  const lines = await expectCartAgreesWithPlatform(page)
  await shot(page, info.project.name, 'cart-5-before-checkout')

  await checkout.click()
  await expect(page).toHaveURL(new RegExp(`/checkout\\?orderFormId=${id}#/orderform$`))
  for (const item of lines.items.filter((i) => !i.isGift)) {
    await expect(page.locator(`[data-testid="checkout-line"][data-sku="${item.sku}"]`).getByTestId('checkout-line-quantity')).toHaveText(String(item.quantity))
  }
  await expect(page.locator('[data-testid="checkout-line"][data-gift="false"]')).toHaveCount(2)
  expect(euros(await page.getByTestId('checkout-total').textContent())).toBeCloseTo(total, 2)
})

test('loyalty points: a customer earns them, a veterinarian sees no badge', async ({ page }) => {
  const { product, variant } = await pickProduct((v) => v.price >= 12 && v.price < 30)
  const login = async (email: string) => {
    const answer = await page.request.post(`${e2ePlatformUrl}/api/session/login`, { data: { email, password: 'Password123!' } })
    expect(answer.status()).toBe(200)
  }
  await login('mario.rossi@example.it')
  // Earlier journeys may have left Mario a saved cart, which the shared-cart restore brings back: once it has
  // run for him, the cart is emptied, so the badge counts this journey's line alone.
  await page.goto('/')
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(sessionStorage.getItem('main::sharedCart::checkedAt') ?? '{}') as { personId?: string | null }).personId ?? null))
    .not.toBeNull()
  await openMinicart(page)
  await settled(page)
  const remove = minicart(page).locator('ul:not([data-testid="minicart-gifts"]) [data-testid="minicart-line-remove"]')
  while ((await remove.count()) > 0) {
    const before = await remove.count()
    await remove.first().click()
    await expect(remove).toHaveCount(before - 1)
    await settled(page)
  }
  await addFromProductPage(page, product, variant.sku)
  const multiplier = ((await (await fetch(`${e2ePlatformUrl}/api/catalog/skus/${variant.sku}/loyalty`)).json()) as { multiplier: number }).multiplier
  await expect(minicart(page).getByTestId('loyalty-badge')).toHaveText(`Con questo acquisto accumuli ${Math.trunc(variant.price) * multiplier} Punti`)

  await page.request.post(`${e2ePlatformUrl}/api/session/logout`)
  await login('giulia.bianchi@example.it')
  await page.evaluate(() => sessionStorage.clear())
  await page.reload()
  // Mario's cart is not Giulia's (req SHARED-05): once the restore has run for her, she fills her own.
  await expect
    .poll(() => page.evaluate(() => (JSON.parse(sessionStorage.getItem('main::sharedCart::checkedAt') ?? '{}') as { personId?: string | null }).personId ?? null))
    .not.toBeNull()
  await addFromProductPage(page, product, variant.sku)
  await openMinicart(page)
  await settled(page)
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('is_vet'))).toContain('"isVet":true')
  await expect(minicart(page).getByTestId('loyalty-badge')).toHaveCount(0)
})
