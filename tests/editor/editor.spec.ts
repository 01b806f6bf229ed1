/**
 * The editing screen, as an editor uses it: login, the forms, the problems
 * named by field, publishing to git, history and restore, and what an
 * unauthenticated browser gets.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { editorUrl } from './env'
import { login } from './login'

/** The editing-content guide's screenshots: into docs/images/ with DOCS_SCREENSHOTS=1, else beside the journey's results, so a run changes no tracked file. */
const shoot = (page: Page, name: string) => page.screenshot({ path: process.env.DOCS_SCREENSHOTS === '1' ? `docs/images/${name}` : test.info().outputPath(name) })

const promo = (page: Page) => page.getByLabel('Frase promozionale *')

async function openThirdLevel(page: Page, name = 'Puppy'): Promise<void> {
  await page.getByRole('link', { name: /^menu \(menu\.json\)/ }).click()
  await page.getByRole('button', { name: '1. Cane', exact: true }).click()
  await page.getByRole('button', { name: '1. Cibo secco', exact: true }).click()
  await page.getByRole('button', { name: `1. ${name}`, exact: true }).click()
}

test('without logging in the screen and its writes answer 401 or 403', async ({ page, request }) => {
  const screen = await page.goto('/')
  expect(screen!.status()).toBe(401)
  await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible()
  expect((await request.get('/editor.js')).status()).toBe(401)
  expect((await request.get('/api/content/menu')).status()).toBe(401)
  for (const url of ['/api/content/topHeader', '/api/content/topHeader/restore', '/api/validate/topHeader', '/api/pictures?name=x.png']) {
    const same = await request.fetch(url, { method: url.endsWith('topHeader') ? 'PUT' : 'POST', headers: { origin: editorUrl }, data: {} })
    expect(same.status(), url).toBe(401)
    const cross = await request.fetch(url, { method: 'POST', headers: { origin: 'https://evil.example' }, data: {} })
    expect(cross.status(), url).toBe(403)
  }
})

test('an editor changes the promotional phrase and a third-level menu item, publishes, and restores the previous version', async ({ page }) => {
  await login(page)
  const before = await promo(page).inputValue()
  await promo(page).fill('Solo oggi: <strong>spedizione gratis</strong>')
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText('Pubblicato.')
  await expect(page.getByRole('complementary', { name: 'Cronologia' }).getByText(/top-header\.json \(barra superiore\) aggiornato da Giulia Rossi/)).toBeVisible()

  await openThirdLevel(page)
  const title = page.locator('#f-items-0-nextLevel-0-nextLevel-0-title')
  await expect(title).toHaveValue('Puppy')
  await title.fill('Cuccioli')
  // The link field offers the site's real pages.
  const url = page.locator('#f-items-0-nextLevel-0-nextLevel-0-titleURL')
  expect(await url.getAttribute('list')).toBe('site-pages')
  expect(await page.locator('#site-pages option[value="/cane/cibo-secco"]').count()).toBe(1)
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText('Pubblicato.')

  // Reloaded from the server: both are published.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'menu (menu.json)' })).toBeVisible()
  await openThirdLevel(page, 'Cuccioli')
  await expect(page.locator('#f-items-0-nextLevel-0-nextLevel-0-title')).toHaveValue('Cuccioli')
  // The previous menu back, from its history.
  await page.getByRole('button', { name: /^Ripristina la versione/ }).first().click()
  await expect(page.getByRole('status')).toHaveText(/Ripristinata la versione/)
  await page.reload()
  await openThirdLevel(page, 'Puppy')

  await page.getByRole('link', { name: /^barra superiore/ }).click()
  await expect(promo(page)).toHaveValue('Solo oggi: <strong>spedizione gratis</strong>')
  await expect(page.getByRole('complementary', { name: 'Cronologia' }).getByRole('listitem').first()).toContainText('top-header.json')
  await page.getByRole('button', { name: /^Ripristina la versione/ }).first().click()
  await expect(page.getByRole('status')).toHaveText(/Ripristinata la versione/)
  await expect(promo(page)).toHaveValue(before)

  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([])
})

test('bad content is refused with the field named, and nothing is written', async ({ page }) => {
  await login(page)
  await promo(page).fill('Saldi <script>alert(1)</script>')
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText('Non pubblicato: correggi i campi indicati.')
  await expect(page.getByRole('alert', { name: 'Problemi' })).toContainText('top-header.json, campo "Frase promozionale": contiene markup non ammesso')

  // Straight on to another content type, as an editor would: the refusal above must not follow it.
  await openThirdLevel(page)
  const commits = await page.getByRole('complementary', { name: 'Cronologia' }).getByRole('listitem').count()
  await page.locator('#f-items-0-nextLevel-0-nextLevel-0-titleURL').fill('/cane/non-esiste')
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click()
  await expect(page.getByRole('alert', { name: 'Problemi' })).toContainText('menu.json, campo "Voci del menu 1 › Sottolivello 1 › Sottolivello 1 › Link della voce": porta a "/cane/non-esiste", che non è una pagina del sito')
  await expect(page.locator('#f-items-0-nextLevel-0-nextLevel-0-titleURL')).toHaveAttribute('aria-invalid', 'true')

  // A required field removed from a menu link: the item's title.
  await page.locator('#f-items-0-nextLevel-0-nextLevel-0-titleURL').fill('/cane/cibo-secco')
  await page.locator('#f-items-0-nextLevel-0-nextLevel-0-title').fill('')
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click()
  await expect(page.getByRole('alert', { name: 'Problemi' })).toContainText('campo "Voci del menu 1 › Sottolivello 1 › Sottolivello 1 › Titolo"')
  await expect(page.getByRole('complementary', { name: 'Cronologia' }).getByRole('listitem')).toHaveCount(commits)
})

test('the menu is a tree: an item is added, moved to another parent and reordered', async ({ page }) => {
  await login(page)
  await openThirdLevel(page)
  await page.getByRole('button', { name: 'Sposta giù 1. Puppy' }).click()
  await expect(page.getByRole('button', { name: '2. Puppy', exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Taglia 3. Senior' }).click()
  // Pasted under "Gatto" › its first second-level item.
  await page.getByRole('button', { name: '2. Gatto', exact: true }).click()
  const gatto = page.locator('.item').filter({ has: page.getByRole('group', { name: 'Voci del menu 2. Gatto' }) })
  await gatto.getByRole('group', { name: /^Sottolivello 1\. / }).getByRole('button').first().click()
  const seniors = await gatto.getByRole('button', { name: /^\d+\. Senior$/ }).count()
  await gatto.getByRole('button', { name: 'Incolla qui' }).click()
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText('Pubblicato.')
  await page.reload()
  await page.getByRole('button', { name: '1. Cane', exact: true }).click()
  await page.getByRole('button', { name: '1. Cibo secco', exact: true }).click()
  await expect(page.getByRole('button', { name: '1. Adult', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: /^\d+\. Senior$/ })).toHaveCount(0)
  await page.getByRole('button', { name: '2. Gatto', exact: true }).click()
  const gattoAgain = page.locator('.item').filter({ has: page.getByRole('group', { name: 'Voci del menu 2. Gatto' }) })
  await gattoAgain.getByRole('group', { name: /^Sottolivello 1\. / }).getByRole('button').first().click()
  await expect(gattoAgain.getByRole('button', { name: /^\d+\. Senior$/ })).toHaveCount(seniors + 1)
})

test('a publish still on its way when the editor opens another content type lends that type neither its version nor its history', async ({ page }) => {
  await login(page)
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/content/topHeader', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue()
    await held
    await route.continue()
  })
  await promo(page).fill('Consegna in <strong>24 ore</strong>')
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click()
  await page.getByRole('link', { name: /^menu \(menu\.json\)/ }).click()
  await expect(page.getByRole('heading', { name: 'menu (menu.json)' })).toBeVisible()
  release()
  await expect(page.getByRole('status')).toHaveText('barra superiore: pubblicato.')
  await expect(page.getByRole('complementary', { name: 'Cronologia' }).getByText(/top-header\.json/)).toHaveCount(0)

  await page.getByRole('button', { name: '1. Cane', exact: true }).click()
  await page.locator('#f-items-0-subtitle').fill('Tutto per il tuo cane')
  await page.getByRole('button', { name: 'Pubblica', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText('Pubblicato.')
  await expect(page.getByRole('complementary', { name: 'Cronologia' }).getByRole('listitem').first()).toContainText('menu.json')
})

/** The storefront's category drawer inside the preview, opened down to Cane › Cibo secco, whose items are the third level. */
async function openDrawerInPreview(page: Page): Promise<void> {
  const drawer = page.frameLocator('iframe[title^="Anteprima"]').getByRole('dialog', { name: 'Tutte le categorie' })
  await page.frameLocator('iframe[title^="Anteprima"]').getByTestId('drawer-button').click()
  await drawer.getByRole('button', { name: /^Cane/ }).click()
  await drawer.getByRole('button', { name: /^Cibo secco/ }).click()
  await expect(drawer.getByRole('region', { name: 'Cibo secco' }).getByRole('button', { name: 'Cuccioli golosi' })).toBeVisible()
}

test('the preview renders the storefront’s own header and menu with the draft as the editor types, at 375 and 1280 px', async ({ page }) => {
  await login(page)
  const frame = page.frameLocator('iframe[title^="Anteprima"]')
  await expect(frame.getByTestId('promo-phrase')).toBeVisible()
  await promo(page).fill('Oggi <strong>spedizione gratis</strong> su tutto')
  // Nothing published: the preview shows the draft.
  await expect(frame.getByTestId('promo-phrase')).toHaveText('Oggi spedizione gratis su tutto')
  await expect(frame.getByTestId('promo-phrase').locator('strong')).toHaveText('spedizione gratis')
  await shoot(page, 'editor-preview-header.png')

  // The first item under Cane › Cibo secco, whatever the journeys before renamed or moved there.
  await page.getByRole('link', { name: /^menu \(menu\.json\)/ }).click()
  await page.getByRole('button', { name: '1. Cane', exact: true }).click()
  await page.getByRole('button', { name: '1. Cibo secco', exact: true }).click()
  const dryFood = page.locator('.item').filter({ has: page.getByRole('group', { name: 'Sottolivello 1. Cibo secco', exact: true }) })
  await dryFood.getByRole('group', { name: /^Sottolivello 1\. (?!Cibo secco$)/ }).getByRole('button').first().click()
  await page.locator('#f-items-0-nextLevel-0-nextLevel-0-title').fill('Cuccioli golosi')
  // Left out of the file, "shown on desktop" takes its default, true, as the build reads it: the box says so.
  await expect(page.locator('#f-items-0-nextLevel-0-nextLevel-0-isDesktop')).toBeChecked()
  // The header's draft was left unpublished when the menu was opened: the preview shows the published phrase again.
  await expect(frame.getByTestId('promo-phrase')).toBeVisible()
  await expect(frame.getByTestId('promo-phrase')).not.toContainText('su tutto')
  // The drawer of the storefront, opened inside the preview: Cane › Cibo secco › the renamed item.
  await openDrawerInPreview(page)

  const iframe = page.locator('iframe[title^="Anteprima"]')
  await expect(iframe).toHaveAttribute('width', '1280')
  await shoot(page, 'editor-preview-1280.png')
  await page.getByRole('button', { name: 'Telefono (375 px)' }).click()
  await expect(iframe).toHaveAttribute('width', '375')
  await expect(page.getByRole('button', { name: 'Telefono (375 px)' })).toHaveAttribute('aria-pressed', 'true')
  // Laid out as a phone: the drawer still open turns into the phone's, one level at a time, showing the renamed item.
  expect(await frame.locator('body').evaluate(() => window.innerWidth)).toBe(375)
  const drawer = frame.getByRole('dialog', { name: 'Tutte le categorie' })
  await expect(drawer).toHaveAttribute('data-device', 'mobile')
  await expect(drawer.getByRole('region', { name: 'Cibo secco' }).getByRole('button', { name: 'Cuccioli golosi' })).toBeVisible()
  await shoot(page, 'editor-preview-375.png')
  await page.getByRole('button', { name: 'Computer (1280 px)' }).click()
  await expect(iframe).toHaveAttribute('width', '1280')
  expect(await frame.locator('body').evaluate(() => window.innerWidth)).toBe(1280)

  // The whole screen at a phone's width too: the columns stack, the preview under the form.
  await page.setViewportSize({ width: 375, height: 900 })
  await shoot(page, 'editing-screen-375.png')
  await page.setViewportSize({ width: 1280, height: 900 })
  await shoot(page, 'editing-screen-1280.png')

  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
})

test('every content type is previewed with the storefront’s own components, and a CMS page follows the draft and the page chosen', async ({ page }) => {
  await login(page)
  const frame = page.frameLocator('iframe[title^="Anteprima"]')
  const shows: [RegExp, string][] = [
    [/^barra superiore/, 'promo-phrase'],
    [/^menu \(menu\.json\)/, 'drawer-button'],
    [/^menu dell’account/, 'header'],
    [/^footer/, 'footer'],
    [/^banner dell’app/, 'smart-banners'],
    [/^home page/, 'footer'],
    [/^pagine/, 'cms-page-title'],
    [/^volantini/, 'flyer-title'],
    [/^prenotazione servizi/, 'services-title'],
  ]
  for (const [link, testId] of shows) {
    await page.getByRole('link', { name: link }).click()
    await expect(frame.getByTestId(testId).first(), String(link)).toBeAttached()
    await expect(frame.getByText(/Anteprima sospesa/)).toHaveCount(0)
  }

  // Pages: the second page chosen, then its heading changed in the form.
  await page.getByRole('link', { name: /^pagine/ }).click()
  const chooser = page.getByLabel('Pagina mostrata')
  const second = (await chooser.locator('option').nth(1).textContent())!
  await chooser.selectOption({ index: 1 })
  await expect(frame.getByTestId('cms-page-title')).toHaveText(second)
  await page.getByRole('button', { name: new RegExp(`^2\\. `) }).first().click()
  await page.locator('#f-pages-1-heading').fill('Chi siamo, da vicino')
  await expect(frame.getByTestId('cms-page-title')).toHaveText('Chi siamo, da vicino')
})
