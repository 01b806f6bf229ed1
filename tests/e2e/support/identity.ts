/**
 * What the identity journeys share: another device (a fresh browser context),
 * a unique customer, registering and logging in on the platform's pages and
 * coming back to the store, and waiting for the store to know the person and
 * for the shared-cart restore to have run.
 */
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test'
import { e2ePlatformUrl } from './env'

export const PASSWORD = 'Password123!'

/** Another device: a fresh context with the project's viewport and device traits. */
export async function device(browser: Browser, info: TestInfo): Promise<BrowserContext> {
  // storageState: the cookie choice the journeys start with (playwright.config.ts), so no banner covers the page.
  const { baseURL, viewport, locale, isMobile, hasTouch, userAgent, deviceScaleFactor, storageState } = info.project.use
  return browser.newContext({ baseURL, viewport, locale, isMobile, hasTouch, userAgent, deviceScaleFactor, storageState })
}

export function uniqueEmail(info: TestInfo, name: string): string {
  return `e2e-${name}-${info.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.it`
}

/**
 * Registers a new customer on the platform's page, then logs in from the page
 * it answers (the same for every email, logging no one in), which comes back
 * to `path` on the store.
 */
export async function register(page: Page, email: string, path = '/'): Promise<void> {
  await page.goto(`${e2ePlatformUrl}/register?returnUrl=${encodeURIComponent(storeUrl(path))}`)
  await page.getByLabel('Nome', { exact: true }).fill('Anna')
  await page.getByLabel('Cognome').fill('Prova')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Registrati' }).click()
  await expect(page.getByTestId('register-done')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Accedi' }).click()
  await waitForPerson(page, email)
}

export async function login(page: Page, email: string, path = '/'): Promise<void> {
  await page.goto(`${e2ePlatformUrl}/login?returnUrl=${encodeURIComponent(storeUrl(path))}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Accedi' }).click()
  await waitForPerson(page, email)
}

/**
 * Logs out the store's way: /logout, then its 'Esci' (opening the page alone logs no one out), back on the
 * store's home as a guest once the provider logout has answered.
 */
export async function logOutThroughStore(page: Page): Promise<void> {
  await page.goto('/logout')
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await page.getByTestId('logout-button').click()
  await expect(page).toHaveURL(new RegExp(`^${test.info().project.use.baseURL}/?$`), { timeout: 20_000 })
  await waitForPerson(page, null)
}

function storeUrl(path: string): string {
  return new URL(path, test.info().project.use.baseURL).toString()
}

/** The restore has run for the cart the browser holds now (so a cart with an id is saved for the customer). */
export async function waitForRestore(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const mark = JSON.parse(sessionStorage.getItem('main::sharedCart::checkedAt') ?? '{}') as { cartId?: string }
        return Boolean(mark.cartId)
      }),
    )
    .toBe(true)
}

/** The store's page knows the person (the session validated against the platform cookie). */
export async function waitForPerson(page: Page, email: string | null): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${test.info().project.use.baseURL}`))
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect
    .poll(async () =>
      page.evaluate(
        () =>
          new Promise<string | null>((resolve) => {
            const open = indexedDB.open('keyval-store')
            open.onsuccess = () => {
              const read = open.result.transaction('keyval', 'readonly').objectStore('keyval').get('main::store::session')
              read.onsuccess = () => resolve((read.result as { person?: { email?: string } | null } | undefined)?.person?.email ?? null)
              read.onerror = () => resolve(null)
            }
            open.onerror = () => resolve(null)
          }),
      // A page that is still navigating (the /logout page leaves for the platform and comes back) is asked again.
      ).catch(() => 'navigating'),
    )
    .toBe(email)
}
