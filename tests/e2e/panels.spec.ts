/**
 * The panel system in a real browser (design: one panel system): the
 * minicart, the category drawer, the account dropdown (desktop) and the
 * filter modal (phone) open from the keyboard, close on Escape and give focus
 * back to their opener; the modals keep Tab inside; one panel is open at a
 * time; the body's scroll lock is released only when the last panel that
 * took it closes. With each panel open axe (every default rule) finds no serious
 * or critical violation inside it, nor (WCAG 2.1 A and AA and best practices) in
 * the search suggestions, nor, around a modal, anything focusable under the hidden page.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { axeTags, severeViolations } from './support/axe'

const isDesktop = () => test.info().project.name === 'desktop'
const body = (page: Page) => page.locator('body')

async function open(page: Page, path: string) {
  await page.goto(path)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
}

/** Opens a panel from the keyboard: focus its button, press Enter. */
async function openWithKeyboard(page: Page, opener: Locator, panel: Locator) {
  await opener.focus()
  await page.keyboard.press('Enter')
  await expect(panel).toBeVisible()
}

const focusInside = (panel: Locator) => panel.evaluate((el) => el.contains(document.activeElement))

/** Tab and Shift+Tab, a few times each way, never leave a modal. */
async function expectFocusTrapped(page: Page, panel: Locator) {
  await expect.poll(() => focusInside(panel)).toBe(true)
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key)
    expect(await focusInside(panel)).toBe(true)
  }
}

async function closeWithEscape(page: Page, opener: Locator, panel: Locator) {
  await page.keyboard.press('Escape')
  await expect(panel).toHaveCount(0)
  await expect(opener).toBeFocused()
}

/** Another island opening its panel while one is open (as the buy button opens the minicart). */
const clickProgrammatically = (button: Locator) => button.evaluate((el) => (el as HTMLElement).click())

test('minicart and drawer: keyboard, focus trap, Escape, focus return, one at a time, one scroll lock', async ({ page }) => {
  await open(page, '/')
  const cartButton = page.getByTestId('cart-button')
  const minicart = page.getByTestId('minicart')
  const drawerButton = page.getByTestId('drawer-button')
  const drawer = page.getByTestId('category-drawer')

  await openWithKeyboard(page, cartButton, minicart)
  await expect(body(page)).toHaveClass(/no-scroll/)
  await expect(minicart.getByRole('button', { name: 'Chiudi' })).toBeFocused()
  await expectFocusTrapped(page, minicart)
  await closeWithEscape(page, cartButton, minicart)
  await expect(body(page)).not.toHaveClass(/no-scroll/)

  await openWithKeyboard(page, drawerButton, drawer)
  await expect(body(page)).toHaveClass(/no-scroll/)
  await expectFocusTrapped(page, drawer)
  await closeWithEscape(page, drawerButton, drawer)
  await expect(body(page)).not.toHaveClass(/no-scroll/)

  // The minicart takes over from the drawer: the drawer closes, the page stays locked until the minicart closes too.
  await openWithKeyboard(page, drawerButton, drawer)
  await clickProgrammatically(cartButton)
  await expect(minicart).toBeVisible()
  await expect(drawer).toHaveCount(0)
  await expect(drawerButton).toHaveAttribute('aria-expanded', 'false')
  await expect(body(page)).toHaveClass(/no-scroll/)
  await page.keyboard.press('Escape')
  await expect(minicart).toHaveCount(0)
  await expect(drawer).toHaveCount(0)
  await expect(body(page)).not.toHaveClass(/no-scroll/)
})

test('account dropdown: keyboard, Escape back to its button, closed by the minicart opening', async ({ page }) => {
  test.skip(!isDesktop(), 'below 1024 px the account is a link, not a dropdown')
  await open(page, '/')
  const accountButton = page.getByTestId('account-button')
  const dropdown = page.getByTestId('account-dropdown')

  await openWithKeyboard(page, accountButton, dropdown)
  await expect(accountButton).toHaveAttribute('aria-expanded', 'true')
  await expect(body(page)).not.toHaveClass(/no-scroll/)
  await closeWithEscape(page, accountButton, dropdown)

  await openWithKeyboard(page, accountButton, dropdown)
  await page.getByTestId('cart-button').click()
  await expect(page.getByTestId('minicart')).toBeVisible()
  await expect(dropdown).toHaveCount(0)
  await closeWithEscape(page, page.getByTestId('cart-button'), page.getByTestId('minicart'))
  await expect(body(page)).not.toHaveClass(/no-scroll/)
})

test('filter modal: keyboard, focus trap, Escape back to its button, one at a time with the minicart', async ({ page }) => {
  test.skip(isDesktop(), 'from 1024 px the filters are a sidebar, not a modal')
  await open(page, '/cane')
  await expect(page.getByTestId('listing')).toHaveAttribute('data-hydrated', 'true')
  const filterButton = page.getByTestId('filter-button')
  const modal = page.getByTestId('filter-modal')

  await openWithKeyboard(page, filterButton, modal)
  await expect(body(page)).toHaveClass(/no-scroll/)
  await expectFocusTrapped(page, modal)
  await closeWithEscape(page, filterButton, modal)
  await expect(body(page)).not.toHaveClass(/no-scroll/)

  await openWithKeyboard(page, filterButton, modal)
  await clickProgrammatically(page.getByTestId('cart-button'))
  await expect(page.getByTestId('minicart')).toBeVisible()
  await expect(modal).toHaveCount(0)
  await expect(body(page)).toHaveClass(/no-scroll/)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('minicart')).toHaveCount(0)
  await expect(body(page)).not.toHaveClass(/no-scroll/)
})

test('no serious or critical accessibility violation inside any open panel, nor around an open modal', async ({ page }) => {
  // axe walks every node of each panel: give it room on a busy machine.
  test.slow()
  // Inside the panel, every rule axe runs by default; on the whole page, what a modal changes around it:
  // nothing focusable left under the hidden page, and the dialog named.
  const check = async (selector: string, modal = true, tags?: string[]) => {
    expect(await severeViolations(page, { include: selector, tags }), selector).toEqual([])
    if (modal) expect(await severeViolations(page, { rules: ['aria-hidden-focus', 'aria-dialog-name'] }), `${selector}: the page around it`).toEqual([])
  }
  await open(page, '/')
  await page.getByTestId('cart-button').click()
  await expect(page.getByTestId('minicart')).toBeVisible()
  await check('#minicart')
  await page.keyboard.press('Escape')

  await page.getByTestId('drawer-button').click()
  await expect(page.getByTestId('category-drawer')).toBeVisible()
  await check('#category-drawer')
  await page.keyboard.press('Escape')

  const input = page.getByTestId('search-input')
  await input.fill('cro')
  await expect(page.getByTestId('search-suggestion-term').first()).toBeVisible()
  await check('[role="search"]', false, axeTags)
  await input.press('Escape')

  if (isDesktop()) {
    await page.getByTestId('account-button').click()
    await expect(page.getByTestId('account-dropdown')).toBeVisible()
    await check('#account-dropdown', false)
    await page.keyboard.press('Escape')
  } else {
    await open(page, '/cane')
    await expect(page.getByTestId('listing')).toHaveAttribute('data-hydrated', 'true')
    await page.getByTestId('filter-button').click()
    await expect(page.getByTestId('filter-modal')).toBeVisible()
    await check('[data-testid="filter-modal"]')
  }
})
