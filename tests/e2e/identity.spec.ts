/**
 * The shopper's identity in the browser (req SHARED-01, SHARED-14, WISH-04, ID-09): the cart that follows
 * a customer across devices (two browser contexts are two devices), the
 * session-expired modal, the wishlist heart and the account's wishlist, and
 * the store's logout.
 */
import { severeViolations } from './support/axe'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { addFromProductPage, cartLines, focusTab, minicart, openMinicart, pickProducts, settled } from './support/cart'
import { e2ePlatformUrl } from './support/env'
import { device, login, logOutThroughStore, PASSWORD, register, uniqueEmail, waitForPerson, waitForRestore } from './support/identity'
import { holdChunk } from './support/hydration'
import { oneWidth } from './support/widths'

async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${info.project.name}-identity-${name}.png` })
}

test('the cart follows the customer across two devices, and a change on one shows on the other after focus', oneWidth, async ({ page, browser }, info) => {
  test.slow()
  const [first, second] = await pickProducts(2, (v) => v.price >= 5 && v.maxQuantity >= 3)
  const email = uniqueEmail(info, 'devices')

  // Device A: log in (a new account) and fill the cart.
  await page.goto('/')
  await register(page, email)
  await addFromProductPage(page, first!.product, first!.variant.sku)
  await page.keyboard.press('Escape')
  // The restore saves the cart for the customer once it has an id.
  await waitForRestore(page)

  // Device B: log in and find the same lines.
  const contextB = await device(browser, info)
  const pageB = await contextB.newPage()
  await pageB.goto('/')
  await login(pageB, email)
  await expect.poll(() => cartLines(pageB), { timeout: 20_000 }).toEqual([[first!.variant.sku, 1]])
  await shot(pageB, info, 'device-b-restored')

  // Add on B; A sees it after focus.
  await addFromProductPage(pageB, second!.product, second!.variant.sku)
  await focusTab(page)
  await expect.poll(async () => {
    await focusTab(page)
    return cartLines(page)
  }, { timeout: 20_000 }).toEqual([[first!.variant.sku, 1], [second!.variant.sku, 1]].sort() as [string, number][])
  // A's stale copy did not overwrite B's line on the platform (vtex/faststore#3091): B still has both after its own focus.
  await focusTab(pageB)
  await expect.poll(() => cartLines(pageB), { timeout: 20_000 }).toHaveLength(2)
  await shot(page, info, 'device-a-after-focus')
  await contextB.close()
})

test('a guest on a device whose cart belongs to a customer sees the session-expired modal and continues as a guest', async ({ page, context }, info) => {
  test.slow()
  const [item] = await pickProducts(1, (v) => v.price >= 5)
  await page.goto('/')
  await register(page, uniqueEmail(info, 'expired'))
  await addFromProductPage(page, item!.product, item!.variant.sku)
  await page.keyboard.press('Escape')
  await waitForRestore(page)

  // The platform session ends (its cookie is gone): the device is a guest holding the customer's cart.
  await context.clearCookies()
  await page.reload()
  const modal = page.getByTestId('session-expired-modal')
  await expect(modal).toBeVisible({ timeout: 20_000 })
  await expect(modal.getByRole('heading', { name: 'Oops... Sessione è scaduta' })).toBeVisible()
  await expect(modal).toContainText('Effettua il login per continuare lo shopping e ritrovare il tuo carrello.')
  await expect(modal.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', /\/login\?returnUrl=/)
  await expect(page.locator('body')).toHaveClass(/no-scroll/)
  // Focus is inside the dialog (focus trap).
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="session-expired-modal"]')))).toBe(true)
  expect(await severeViolations(page, { include: '[data-testid="session-expired-modal"]' })).toEqual([])
  await shot(page, info, 'session-expired-modal')

  // The store's own link: its click is the shopper's intent, so /logout logs out at once.
  await modal.getByRole('link', { name: 'Continua come ospite' }).click()
  await expect(page).toHaveURL(new RegExp(`^${info.project.use.baseURL}/?$`), { timeout: 20_000 })
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect(modal).toBeHidden()
  // The customer's lines are not shown to the guest.
  await openMinicart(page)
  await expect(minicart(page)).toContainText('Il tuo carrello è vuoto')
})

test('wishlist: a guest heart tapped before its code arrives logs in and comes back to the product, which is added', async ({ page }, info) => {
  const [item] = await pickProducts(1, (v) => v.price >= 5)
  const email = uniqueEmail(info, 'early-heart')
  await page.goto('/')
  await register(page, email)
  await logOutThroughStore(page)

  // The heart's code is held back while it is tapped. On the desktop, where the heart is on screen, the tap
  // follows the link the build wrote; on the phone, where it is below the screen, the early-tap script keeps
  // it and the heart follows it once its code is in. Either way the login comes back to this product.
  const release = await holdChunk(page, 'island-heart')
  await page.goto(`/${item!.product.slug}/p`)
  const heart = page.getByTestId('product-view').getByTestId('wishlist-heart')
  await expect(heart.locator('xpath=ancestor::*[@data-island-pending][1]')).toHaveCount(1)
  await heart.click()
  release()
  await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible()
  const back = new URL(new URL(page.url()).searchParams.get('returnUrl') ?? '', page.url())
  expect(back.pathname).toBe(`/${item!.product.slug}/p`)
  expect(back.searchParams.get('wishlistAdd')).toBe(item!.variant.sku)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Accedi' }).click()
  await expect(page).toHaveURL(new RegExp(`/${item!.product.slug}/p`))
  await expect(heart).toHaveAttribute('data-in-wishlist', 'true', { timeout: 20_000 })
  await expect(page).not.toHaveURL(/wishlistAdd=/)
})

test('wishlist: a guest taps the heart, logs in and finds the product; add and remove are seen in the account', async ({ page }, info) => {
  test.slow()
  const [item] = await pickProducts(1, (v) => v.price >= 5)
  const email = uniqueEmail(info, 'wishlist')
  // An account that is logged out again, so the heart is tapped by a guest.
  await page.goto('/')
  await register(page, email)
  await logOutThroughStore(page)

  await page.goto(`/${item!.product.slug}/p`)
  const heart = page.getByTestId('product-view').getByTestId('wishlist-heart')
  await expect(heart).toHaveAttribute('href', /\/login\?returnUrl=/)
  await heart.click()
  await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Accedi' }).click()
  await expect(page.getByTestId('product-view').getByTestId('wishlist-heart')).toHaveAttribute('data-in-wishlist', 'true', { timeout: 20_000 })
  await expect(page).not.toHaveURL(/wishlistAdd=/)
  await shot(page, info, 'wishlist-heart-filled')
  // The add is tracked: the custom event and GA4's add_to_wishlist with its item.
  const added = await page.evaluate(() => (window.dataLayer ?? []).filter((e) => e.event === 'add-to-wishlist' || e.event === 'add_to_wishlist'))
  expect(added.map((e) => e.event)).toEqual(['add-to-wishlist', 'add_to_wishlist'])
  expect(added[0]).toMatchObject({ sku: item!.variant.sku, productId: expect.any(String), userId: expect.any(String) })
  expect(added[1]).toEqual({
    event: 'add_to_wishlist',
    ecommerce: {
      currency: 'EUR',
      value: item!.variant.price,
      items: [
        {
          item_id: added[0]!.productId,
          item_name: item!.product.name,
          item_brand: expect.stringMatching(/\S/),
          item_variant: item!.variant.sku,
          price: item!.variant.price,
          quantity: 1,
        },
      ],
    },
  })

  await page.goto(`${e2ePlatformUrl}/account#/wishlist`)
  await expect(page.getByTestId('account-wishlist-item')).toHaveCount(1)
  await expect(page.getByTestId('account-wishlist-item')).toHaveAttribute('data-sku', item!.variant.sku)
  await shot(page, info, 'account-wishlist')

  // "Aggiungi al carrello" puts the item in the cart and lands on the product in the store, whose minicart shows the line.
  await page.getByTestId('account-wishlist-item').getByTestId('account-wishlist-buy').click()
  await expect(page).toHaveURL(new RegExp(`^${info.project.use.baseURL}/${item!.product.slug}/p`))
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect.poll(() => cartLines(page), { timeout: 20_000 }).toEqual([[item!.variant.sku, 1]])
  await shot(page, info, 'wishlist-added-to-cart')

  await page.goto(`/${item!.product.slug}/p`)
  await expect(page.getByTestId('product-view').getByTestId('wishlist-heart')).toHaveAttribute('data-in-wishlist', 'true')
  await page.getByTestId('product-view').getByTestId('wishlist-heart').click()
  await expect(page.getByTestId('product-view').getByTestId('wishlist-heart')).toHaveAttribute('data-in-wishlist', 'false')
  const events = await page.evaluate(() => (window.dataLayer ?? []).map((e) => e.event))
  expect(events).toContain('remove-from-wishlist')
  await page.goto(`${e2ePlatformUrl}/account`)
  await expect(page.getByTestId('account-wishlist-item')).toHaveCount(0)
})

test("the store's /logout clears the shopper's state, ends the platform session and lands on the storefront as a guest", oneWidth, async ({ page, context }, info) => {
  test.slow()
  await page.goto('/')
  await register(page, uniqueEmail(info, 'logout'))
  await page.evaluate(() => {
    sessionStorage.setItem('is_vet', JSON.stringify({ email: 'x', isVet: false }))
    localStorage.setItem('main::bkid', JSON.stringify({ email: 'x', at: 0, card: { bkid: null, arcacard: null, profilingConsent: null } }))
  })
  const cookieHeader = (await context.cookies(e2ePlatformUrl)).map((c) => `${c.name}=${c.value}`).join('; ')
  await page.goto('/logout')
  await expect(page.getByRole('heading', { level: 1, name: 'Esci dal tuo account' })).toBeVisible()
  await page.getByRole('button', { name: 'Esci', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`^${info.project.use.baseURL}/?$`), { timeout: 20_000 })
  await waitForPerson(page, null)
  expect(await page.evaluate(() => [sessionStorage.getItem('is_vet'), localStorage.getItem('main::bkid')])).toEqual([null, null])
  // The old session cookie no longer opens the platform session.
  const session = await fetch(`${e2ePlatformUrl}/api/session`, { headers: { cookie: cookieHeader } })
  expect(await session.json()).toEqual({ person: null })
  if (info.project.name === 'desktop') await expect(page.getByTestId('account-button')).toHaveText('Accedi o registrati')
})

test('a page of another site that sends the browser to /logout logs no one out', oneWidth, async ({ page, context }, info) => {
  test.slow()
  const email = uniqueEmail(info, 'logout-csrf')
  await page.goto('/')
  await register(page, email)
  const cookieHeader = (await context.cookies(e2ePlatformUrl)).map((c) => `${c.name}=${c.value}`).join('; ')
  // Another site's page, which sends its visitor to the store's /logout as soon as it opens.
  await page.route('http://evil.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<!DOCTYPE html><title>Offerte</title><script>location.href = ${JSON.stringify(`${info.project.use.baseURL}/logout`)}</script>` }),
  )
  await page.goto('http://evil.example/')
  await expect(page).toHaveURL(`${info.project.use.baseURL}/logout`)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  // The page waits for the shopper: nothing is posted, the platform session and the store's person are as they were.
  await expect(page.getByRole('button', { name: 'Esci', exact: true })).toBeVisible()
  await page.waitForTimeout(2_000)
  await expect(page).toHaveURL(`${info.project.use.baseURL}/logout`)
  const session = await fetch(`${e2ePlatformUrl}/api/session`, { headers: { cookie: cookieHeader } })
  expect(((await session.json()) as { person: { email: string } | null }).person?.email).toBe(email)
  await page.goto('/')
  await waitForPerson(page, email)
})

test("the guest-order page finds an order a guest placed at checkout, and tells nothing about a wrong pair", oneWidth, async ({ page }, info) => {
  const [pick] = await pickProducts(1, (v) => v.price >= 10 && v.price < 30)
  await addFromProductPage(page, pick!.product, pick!.variant.sku)
  await openMinicart(page)
  await settled(page)
  await minicart(page).getByTestId('checkout-button').click()

  // The platform's checkout asks a guest for the email the confirmation goes to.
  const email = uniqueEmail(info, 'guest-order')
  await page.getByTestId('checkout-confirm').click()
  await expect(page.getByTestId('checkout-email')).toBeFocused()
  await page.getByTestId('checkout-email').fill(email)
  await page.getByTestId('checkout-confirm').click()
  const orderNumber = (await page.getByTestId('checkout-order-number').textContent()) ?? ''
  expect(orderNumber).toMatch(/^PF-[0-9A-Z]{12}$/)

  // Reached from the footer, as a shopper would.
  await page.goto('/')
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Trova il tuo ordine' })
  if (!(await footerLink.isVisible())) await page.getByRole('contentinfo').getByRole('button', { name: 'Assistenza' }).click()
  await footerLink.click()
  await expect(page).toHaveURL(/\/guest-order\/?$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Trova il tuo ordine' })).toBeVisible()

  const lookUp = async (number: string, address: string) => {
    await page.getByLabel("Numero d'ordine").fill(number)
    await page.getByLabel('Email').fill(address)
    await page.getByTestId('guest-order-submit').click()
  }
  await lookUp(orderNumber, 'qualcun.altro@example.it')
  await expect(page.getByRole('alert')).toHaveText('Non troviamo un ordine con questo numero e questa email. Controlla i dati e riprova.')
  await lookUp('PF-999999', email)
  await expect(page.getByRole('alert')).toHaveText('Non troviamo un ordine con questo numero e questa email. Controlla i dati e riprova.')

  await lookUp(orderNumber.toLowerCase(), email.toUpperCase())
  const order = page.getByTestId('guest-order')
  await expect(order).toHaveAttribute('data-order-number', orderNumber)
  await expect(order.getByTestId('guest-order-status')).toHaveText('Confermato')
  await expect(order.locator(`[data-testid="guest-order-line"][data-sku="${pick!.variant.sku}"]`).getByTestId('guest-order-line-quantity')).toHaveText('Quantità: 1')
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(await severeViolations(page, { include: 'main' })).toEqual([])
  await shot(page, info, 'guest-order')
})

test('wishlist hearts on product cards: one request for the whole grid, a tap fills the card heart and the product page agrees', async ({ page }, info) => {
  test.slow()
  const email = uniqueEmail(info, 'cards')
  await page.goto('/')
  await register(page, email)
  // The page left behind may still ask (its shelves' hearts hydrate as they come near the screen): only the
  // category page's requests are counted.
  await page.goto('about:blank')
  const listReads: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/wishlist/getWishlist')) listReads.push(request.url())
  })
  await page.goto('/cane/')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  const cards = page.getByTestId('product-grid').getByTestId('product-card')
  expect(await cards.count()).toBeGreaterThan(3)
  const card = cards.nth(1)
  const heart = card.getByTestId('wishlist-heart')
  await expect(heart).toHaveAttribute('data-in-wishlist', 'false')
  await expect(heart).toBeEnabled()
  const name = (await card.getByRole('heading').textContent()) ?? ''
  await expect(heart).toHaveAccessibleName(`Aggiungi ${name} alla wishlist`)
  expect(listReads).toHaveLength(1)

  await heart.click()
  await expect(heart).toHaveAttribute('data-in-wishlist', 'true')
  await expect(heart).toHaveAccessibleName(`Rimuovi ${name} dalla wishlist`)
  await shot(page, info, 'wishlist-card-hearts')
  // On its product page, with the variant the card showed, the heart is already filled.
  const sku = (await heart.getAttribute('data-sku')) ?? ''
  const href = (await card.getByTestId('product-card-link').getAttribute('href')) ?? ''
  await page.goto(`${href}?skuId=${sku}`)
  await expect(page.getByTestId('product-view').getByTestId('wishlist-heart')).toHaveAttribute('data-sku', sku)
  await expect(page.getByTestId('product-view').getByTestId('wishlist-heart')).toHaveAttribute('data-in-wishlist', 'true')
})
