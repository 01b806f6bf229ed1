/** The editing screen's login, as an editor does it, shared by the screen's and the publishing journeys. */
import { expect, type Page } from '@playwright/test'
import { EDITOR_EMAIL, EDITOR_PASSWORD } from './env'

export async function login(page: Page): Promise<void> {
  await page.goto('/')
  await page.getByLabel('E-mail').fill(EDITOR_EMAIL)
  await page.getByLabel('Password').fill(EDITOR_PASSWORD)
  await page.getByRole('button', { name: 'Accedi' }).click()
  await expect(page.getByRole('heading', { name: 'barra superiore (top-header.json)' })).toBeVisible()
}
