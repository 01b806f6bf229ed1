/**
 * The account a returning customer expects, on the platform's account pages (req ORDERS-01, ORDERS-03,
 * ADDR-03, GDPR-01, GDPR-02, GDPR-04): the orders and "Riordina", the addresses and the session's postal
 * code, the correction of the customer's name, the download of their data and the deletion of the account. Every account page is checked
 * with axe.
 */
import { readFile } from 'node:fs/promises'
import { severeViolations } from './support/axe'
import { expect, test, type Page, type TestInfo } from '@playwright/test'
import { addFromProductPage, cartLines, minicart, openMinicart, pickProducts, settled } from './support/cart'
import { e2eAdminToken, e2ePlatformUrl } from './support/env'
import { PASSWORD, register, uniqueEmail, waitForPerson, waitForRestore } from './support/identity'
import { oneWidth } from './support/widths'

/** What the shopper sees in the viewport, or with `fullPage` the whole page. */
async function shot(page: Page, info: TestInfo, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${info.project.name}-account-${name}.png`, fullPage })
}

/** Zero serious or critical axe violations on the page. */
async function accessible(page: Page): Promise<void> {
  expect(await severeViolations(page)).toEqual([])
}

const isDesktop = () => (test.info().project.use.viewport?.width ?? 0) >= 1024

/**
 * Opens a section of the account from the store as a shopper would: the account menu's link on a
 * desktop, the account icon and then the section's link on a phone.
 */
async function openAccountSection(page: Page, menuLabel: string, pageLabel: string, fragment: string): Promise<void> {
  await page.goto('/')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  if (isDesktop()) {
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-dropdown').getByRole('link', { name: menuLabel }).click()
  } else {
    await page.getByRole('link', { name: 'Il mio account' }).click()
    await page.getByRole('navigation', { name: 'Sezioni del tuo account' }).getByRole('link', { name: pageLabel }).click()
  }
  await expect(page).toHaveURL(new RegExp(`/account#${fragment}$`))
}

/** The postal code the browser's session holds (IndexedDB, key main::store::session). */
function sessionPostalCode(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onsuccess = () => {
          const read = open.result.transaction('keyval', 'readonly').objectStore('keyval').get('main::store::session')
          read.onsuccess = () => resolve((read.result as { postalCode?: string | null } | undefined)?.postalCode ?? null)
          read.onerror = () => resolve(null)
        }
        open.onerror = () => resolve(null)
      }),
  )
}

/** A new customer buys one product at the platform's checkout: answers the order number and the sku. */
async function placeOrder(page: Page, info: TestInfo, name: string): Promise<{ email: string; orderNumber: string; sku: string }> {
  const [pick] = await pickProducts(1, (v) => v.price >= 10 && v.price < 30)
  const email = uniqueEmail(info, name)
  await page.goto('/')
  await register(page, email)
  await addFromProductPage(page, pick!.product, pick!.variant.sku)
  await openMinicart(page)
  await settled(page)
  await minicart(page).getByTestId('checkout-button').click()
  await page.getByTestId('checkout-confirm').click()
  const orderNumber = (await page.getByTestId('checkout-order-number').textContent()) ?? ''
  expect(orderNumber).toMatch(/^PF-[0-9A-Z]{12}$/)
  return { email, orderNumber, sku: pick!.variant.sku }
}

test('orders: a customer places an order at checkout, finds it under "I miei ordini", presses "Riordina" and finds its lines in the minicart', async ({ page }, info) => {
  test.slow()
  const { email, orderNumber, sku } = await placeOrder(page, info, 'orders')
  await page.goto('/')
  await waitForPerson(page, email)
  // The placed order form gives way to an empty cart (req CART-23; tests/e2e/cart-robustness.spec.ts checks the
  // message naming the order), so what the minicart shows at the end is what "Riordina" put there.
  await expect.poll(() => cartLines(page), { timeout: 20_000 }).toEqual([])
  await waitForRestore(page)

  await openAccountSection(page, 'I miei ordini', 'I miei ordini', '/orders')
  const order = page.locator(`[data-testid="account-order"][data-order-number="${orderNumber}"]`)
  await expect(order).toBeVisible()
  await expect(order.getByTestId('account-order-status')).toHaveText('Confermato')
  await expect(order).toContainText('Consegna a domicilio')
  await expect(order.locator(`li[data-sku="${sku}"]`)).toContainText('× 1')
  await accessible(page)
  await page.locator('[id="/orders"]').evaluate((section) => section.scrollIntoView())
  await shot(page, info, 'orders')
  await shot(page, info, 'sections', true)

  await order.getByRole('link', { name: orderNumber, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Ordine ${orderNumber}` })).toBeVisible()
  await expect(page.locator(`[data-testid="order-line"][data-sku="${sku}"]`).getByTestId('order-line-quantity')).toHaveText('1')
  await accessible(page)
  await shot(page, info, 'order')
  await page.getByTestId('order-reorder').click()
  await expect(page.getByTestId('reorder-added')).toHaveAttribute('data-sku', sku)
  await expect(page.getByTestId('reorder-skipped')).toHaveCount(0)
  await accessible(page)
  await shot(page, info, 'reordered')

  await page.getByTestId('reorder-to-shop').click()
  await expect(page).toHaveURL(new RegExp(`^${info.project.use.baseURL}/?$`))
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect.poll(() => cartLines(page), { timeout: 20_000 }).toEqual([[sku, 1]])
})

test("addresses: a customer adds an address, makes another one residential, and the session's postal code follows", oneWidth, async ({ page }, info) => {
  test.slow()
  const email = uniqueEmail(info, 'addresses')
  await page.goto('/')
  await register(page, email)
  expect(await sessionPostalCode(page)).toBeNull()

  const addAddress = async (street: string, postalCode: string, city: string, province: string) => {
    await page.getByTestId('account-address-add').click()
    await expect(page.getByRole('heading', { level: 1, name: 'Nuovo indirizzo' })).toBeVisible()
    await expect(page.getByLabel('Destinatario')).toHaveValue('Anna Prova')
    await page.getByLabel('Indirizzo (via e numero civico)').fill(street)
    await page.getByLabel('CAP').fill(postalCode)
    await page.getByLabel('Città').fill(city)
    await page.getByLabel('Provincia (sigla)').fill(province)
    await accessible(page)
    await page.getByTestId('address-save').click()
    await expect(page).toHaveURL(/\/account#\/addresses$/)
  }

  await openAccountSection(page, 'I miei indirizzi', 'Indirizzi', '/addresses')
  await expect(page.getByTestId('account-addresses-empty')).toBeVisible()
  await addAddress('Via XX Settembre 10', '16121', 'Genova', 'GE')
  await addAddress('Corso Francia 5', '10138', 'Torino', 'to')
  const addresses = page.getByTestId('account-address')
  await expect(addresses).toHaveCount(2)
  await expect(addresses.first()).toHaveAttribute('data-residential', 'true')
  await expect(addresses.first()).toContainText('Via XX Settembre 10')
  await accessible(page)
  await page.locator('[id="/addresses"]').evaluate((section) => section.scrollIntoView())
  await shot(page, info, 'addresses')

  // The first address became the residential one: back in the store, the session's postal code is its CAP.
  await page.goto('/')
  await expect.poll(() => sessionPostalCode(page), { timeout: 20_000 }).toBe('16121')

  await openAccountSection(page, 'I miei indirizzi', 'Indirizzi', '/addresses')
  await page.locator('[data-testid="account-address"][data-residential="false"]').getByTestId('account-address-residential').click()
  await expect(page.getByTestId('account-address').first()).toContainText('Corso Francia 5')
  await expect(page.getByTestId('account-address').first()).toHaveAttribute('data-residential', 'true')
  await expect(page.getByTestId('account-address').first()).toContainText('10138 Torino (TO)')

  await page.goto('/')
  await expect.poll(() => sessionPostalCode(page), { timeout: 20_000 }).toBe('10138')
})

test('your data: a customer downloads their data, deletes the account and can no longer log in; the anonymised order stays for the shop', oneWidth, async ({ page }, info) => {
  test.slow()
  const { email, orderNumber, sku } = await placeOrder(page, info, 'gdpr')
  await page.goto('/')
  await waitForPerson(page, email)

  await openAccountSection(page, 'Dati personali', 'Dati personali', '/profile')
  await expect(page.getByTestId('account-person')).toContainText(email)
  await expect(page.getByTestId('account-loyalty')).toContainText('Numero carta')
  await accessible(page)
  // The customer corrects their name (req GDPR-04).
  await page.getByTestId('account-profile-edit').click()
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Anna')
  await accessible(page)
  await page.getByLabel('Nome', { exact: true }).fill('Anna Maria')
  await page.getByTestId('profile-save').click()
  await expect(page).toHaveURL(/\/account#\/profile$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Ciao Anna Maria' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Sezioni del tuo account' }).getByRole('link', { name: 'I tuoi dati' }).click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('account-data-download').click()])
  expect(download.suggestedFilename()).toMatch(/^zampa-amica-dati-\d{4}-\d{2}-\d{2}\.json$/)
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { account: { email: string }; orders: { orderNumber: string; items: { sku: string }[] }[] }
  expect(data.account.email).toBe(email)
  expect(data.orders.map((o) => o.orderNumber)).toEqual([orderNumber])
  expect(data.orders[0]!.items.map((i) => i.sku)).toContain(sku)

  await page.getByTestId('account-delete-link').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Elimina il tuo account' })).toBeVisible()
  await accessible(page)
  await page.getByLabel('Per confermare, inserisci la tua password').fill('non-la-mia-password')
  await page.getByTestId('account-delete-confirm').click()
  await expect(page.getByTestId('account-delete-error')).toHaveText('La password non è corretta: l’account non è stato eliminato.')
  await page.getByLabel('Per confermare, inserisci la tua password').fill(PASSWORD)
  await page.getByTestId('account-delete-confirm').click()
  await expect(page.getByTestId('account-deleted')).toBeVisible()
  await accessible(page)
  await shot(page, info, 'deleted')

  // Logged out everywhere, and the password no longer opens anything.
  await page.goto(`${e2ePlatformUrl}/account`)
  await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Accedi' }).click()
  await expect(page.getByTestId('login-error')).toHaveText('Email o password non corretti.')

  // The shop keeps the order for its accounts, with nobody behind it.
  const kept = await fetch(`${e2ePlatformUrl}/api/admin/orders/${orderNumber}`, { headers: { 'x-admin-token': e2eAdminToken } })
  expect(kept.status).toBe(200)
  expect(await kept.json()).toMatchObject({ orderNumber, customerId: null, contactEmail: null, anonymisedAt: expect.any(String), items: expect.arrayContaining([expect.objectContaining({ sku })]) })
})
