/**
 * /added-to-cart (req ROUTE-07, CART-30): the landing of an add to cart made
 * without JavaScript, through the product page's form and the /api/cart/add
 * Function; and a page that confirms an add only when the cart holds the line.
 */
import { expect, test, type Page } from '@playwright/test'
import {
  addFromProductPage,
  lineOf,
  minicart,
  paidLines,
  pickProduct,
  pickProducts,
  platformOrderForm,
  settled,
  shot,
  startPlatformAgain,
  stopPlatform,
} from './support/cart'
import { oneWidth } from './support/widths'

/**
 * The order form the add-to-cart form's cookie names: a browser without JavaScript keeps its cart nowhere else.
 * The cookie holds the id and, after a dot, its binding to the browser's guest key (src/handlers/cartForm.ts).
 */
async function formCartId(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'order_form')
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
  const [id, binding] = cookie!.value.split('.')
  expect(binding).toMatch(/^[\w-]{20,}$/)
  return id!
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('"Aggiungi al carrello" posts the form and lands on /added-to-cart with the line in the cart; the next add goes to the same cart, and "Vai alla cassa" to its checkout', async ({ page }, info) => {
    const { product, variant } = await pickProduct((v) => v.price >= 5 && v.price < 40)
    await page.goto(`/${product.slug}/p`)
    const buy = page.getByTestId('buy-button')
    await expect(buy).toHaveAttribute('data-sku', variant.sku)
    await buy.click()
    await expect(page).toHaveURL(new RegExp(`/added-to-cart\\?skuId=${variant.sku}#aggiunto$`))
    await expect(page.getByTestId('added-without-script')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Aggiunto al carrello' })).toBeVisible()
    await expect(page.getByTestId('added-unconfirmed')).toBeHidden()
    const id = await formCartId(page)
    expect(paidLines(await platformOrderForm(page, id))).toEqual([[variant.sku, 1]])
    await shot(page, info.project.name, 'added-without-script')

    await page.goto(`/${product.slug}/p`)
    await page.getByTestId('buy-button').click()
    await expect(page).toHaveURL(new RegExp(`/added-to-cart\\?skuId=${variant.sku}#aggiunto$`))
    expect(await formCartId(page)).toBe(id)
    expect(paidLines(await platformOrderForm(page, id))).toEqual([[variant.sku, 2]])

    // The way on is a plain link too: the platform's checkout, with this browser's cart.
    await page.getByTestId('checkout-without-script').click()
    await expect(page).toHaveURL((url) => url.pathname === '/checkout' && url.searchParams.get('orderFormId') === id)
  })

  test('an add the platform could not take comes back to the product page saying so', oneWidth, async ({ page }, info) => {
    const { product } = await pickProduct((v) => v.price >= 5 && v.price < 40)
    await page.goto(`/${product.slug}/p`)
    await expect(page.getByTestId('add-unreachable')).toBeHidden()
    await stopPlatform()
    try {
      await page.getByTestId('buy-button').click()
      await expect(page).toHaveURL(new RegExp(`/${product.slug}/p#carrello-non-raggiungibile$`))
    } finally {
      await startPlatformAgain()
    }
    await expect(page.getByTestId('add-unreachable')).toBeVisible()
    await expect(page.getByTestId('add-unreachable')).toHaveText('Non è stato possibile aggiungere il prodotto al carrello: il carrello non risponde. Riprova tra poco.')
    await expect(page.getByTestId('add-refused')).toBeHidden()
    await shot(page, info.project.name, 'add-unreachable-without-script')
  })

  test('/added-to-cart opened by its address alone confirms nothing', oneWidth, async ({ page }) => {
    await page.goto('/added-to-cart?skuId=1')
    await expect(page.getByRole('heading', { name: 'Aggiunto al carrello' })).toBeHidden()
    const unconfirmed = page.getByTestId('added-unconfirmed')
    await expect(unconfirmed).toBeVisible()
    await expect(unconfirmed.locator('p')).toHaveText('Per vedere il carrello e andare alla cassa attiva JavaScript nel browser.')
    await expect(page.getByTestId('added-without-script')).toBeHidden()
  })
})

test('/added-to-cart names a product only when the cart holds it: never for a sku it lacks, nor for one added and then removed', oneWidth, async ({ page }, info) => {
  const [kept, removed] = await pickProducts(2, (v) => v.price >= 5 && v.price < 40)
  const card = page.getByTestId('added-to-cart')

  await page.goto(`/added-to-cart?skuId=${kept!.variant.sku}`)
  await expect(card).toHaveAttribute('data-state', 'missing')
  await expect(card.getByRole('heading', { name: 'Prodotto non presente nel carrello' })).toBeVisible()
  await expect(page.getByText('Aggiunto al carrello')).toHaveCount(0)
  await expect(card.getByTestId('added-product')).toHaveCount(0)
  await shot(page, info.project.name, 'added-to-cart-missing')
  // It offers the cart instead, which is empty.
  await card.getByTestId('go-to-cart').click()
  await expect(minicart(page).getByText('Il tuo carrello è vuoto')).toBeVisible()

  // Added and then removed: this tab still keeps the product of the add, but the cart no longer holds it.
  await addFromProductPage(page, removed!.product, removed!.variant.sku)
  await lineOf(page, removed!.variant.sku).getByTestId('minicart-line-remove').click()
  await expect(lineOf(page, removed!.variant.sku)).toHaveCount(0)
  await settled(page)
  await page.goto(`/added-to-cart?skuId=${removed!.variant.sku}`)
  await expect(card).toHaveAttribute('data-state', 'missing')
  await expect(page.getByText('Aggiunto al carrello')).toHaveCount(0)

  // A product the cart does hold is confirmed, with what the add kept.
  await addFromProductPage(page, kept!.product, kept!.variant.sku)
  await page.goto(`/added-to-cart?skuId=${kept!.variant.sku}`)
  await expect(card).toHaveAttribute('data-state', 'added')
  await expect(card.getByRole('heading', { name: 'Aggiunto al carrello' })).toBeVisible()
  await expect(card.getByTestId('added-product')).toHaveAttribute('data-sku', kept!.variant.sku)
  await expect(card.getByTestId('added-product')).toContainText(kept!.product.name)
  // The button opens the minicart itself: waiting for it, rather than opening it again, keeps the test off its slide-in.
  await card.getByTestId('go-to-cart').click()
  await expect(minicart(page)).toBeVisible()
  await expect(lineOf(page, kept!.variant.sku)).toBeVisible()
})
