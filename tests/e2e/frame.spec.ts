/**
 * The page frame in a real browser, at 1280 px (desktop) and 375 px (phone):
 * the category drawer to level 4 and back, the brand filter, the sub-header,
 * the account menu logged out and in, the footer accordion, the smart banners
 * (copy and close), the progress bar, and a render error landing on /500.
 */
import { expect, test, type Page } from '@playwright/test'
import { pickProduct } from './support/cart'
import { hydrationProblems } from './support/hydration'
import { oneWidth } from './support/widths'

const isDesktop = () => test.info().project.name === 'desktop'

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${test.info().project.name}-frame-${name}.png`, fullPage: false })
}

/** The frame responds once the page has hydrated, which the page shell marks on <html>. */
async function openHome(page: Page, path = '/') {
  await page.goto(path)
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
}

async function dataLayer(page: Page) {
  return page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [])
}

async function openDrawer(page: Page) {
  await page.getByTestId('drawer-button').click()
  const drawer = page.getByRole('dialog', { name: 'Tutte le categorie' })
  await expect(drawer).toBeVisible()
  return drawer
}

/** On desktop an item with children opens on hover, on a phone on click. */
async function choose(page: Page, level: number, title: string) {
  const item = page.getByTestId(`drawer-panel-${level}`).getByTestId('drawer-item').filter({ hasText: title }).first()
  if (isDesktop()) await item.hover()
  else await item.click()
}

test.describe('category drawer', () => {
  test('goes down to the fourth level and back, then closes and resets', async ({ page }) => {
    await openHome(page)
    const drawer = await openDrawer(page)
    await expect(drawer.getByRole('heading', { name: 'Tutte le categorie' })).toBeVisible()
    await expect(drawer.getByTestId('drawer-top-category').first()).toHaveAttribute('href', '/marca/zampa-amica')
    await expect(page.locator('body')).toHaveClass(/no-scroll/)

    await choose(page, 1, 'Cane')
    await expect(drawer).toHaveAttribute('data-level', '2')
    await expect(drawer.getByTestId('drawer-see-all').last()).toHaveAttribute('href', '/cane')
    await choose(page, 2, 'Cibo secco')
    await choose(page, 3, 'Adult')
    await expect(drawer).toHaveAttribute('data-level', '4')
    const level4 = page.getByTestId('drawer-panel-4')
    await expect(level4.getByRole('heading', { name: 'Adult' })).toBeVisible()
    await expect(level4.getByRole('link', { name: 'Taglia media' })).toHaveAttribute('href', '/cane/cibo-secco/adult/taglia-media')
    await shot(page, 'drawer-level-4')

    if (isDesktop()) {
      // Cascading panels: all four levels side by side; choosing another main item clears the deeper ones.
      await expect(page.getByTestId('drawer-panel-1')).toBeVisible()
      await expect(page.getByTestId('drawer-panel-3')).toBeVisible()
      await choose(page, 1, 'Gatto')
      await expect(drawer).toHaveAttribute('data-level', '2')
      await expect(page.getByTestId('drawer-panel-2').getByRole('heading', { name: 'Gatto' })).toBeVisible()
      await expect(page.getByTestId('drawer-panel-4')).toHaveCount(0)
    } else {
      // One level at a time, with the 'Categorie' heading and 'Torna indietro' back to the main level.
      await expect(page.getByTestId('drawer-panel-1')).toHaveCount(0)
      await expect(level4.getByRole('heading', { name: 'Categorie' })).toBeVisible()
      for (const [level, heading] of [[3, 'Cibo secco'], [2, 'Cane'], [1, 'Tutte le categorie']] as const) {
        await page.getByRole('button', { name: 'Torna indietro' }).click()
        await expect(drawer).toHaveAttribute('data-level', String(level))
        await expect(page.getByTestId(`drawer-panel-${level}`).getByRole('heading', { level: 2 })).toHaveText(heading)
      }
      await expect(page.getByRole('button', { name: 'Torna indietro' })).toHaveCount(0)
      await choose(page, 1, 'Cane')
    }

    await page.getByRole('button', { name: 'Chiudi', exact: true }).click()
    await expect(drawer).toBeHidden()
    await expect(page.locator('body')).not.toHaveClass(/no-scroll/)
    await openDrawer(page)
    await expect(page.getByRole('dialog')).toHaveAttribute('data-level', '1')
  })

  test('a level-4 link navigates, closes the drawer and reports menu_categorie', async ({ page }) => {
    await openHome(page)
    await openDrawer(page)
    await choose(page, 1, 'Gatto')
    await choose(page, 2, 'Cibo secco')
    await choose(page, 3, 'Kitten')
    await page.getByTestId('drawer-panel-4').getByRole('link', { name: 'Indoor' }).click()
    await expect(page).toHaveURL(/\/gatto\/cibo-secco\/kitten\/indoor$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await dataLayer(page)).toContainEqual(
      expect.objectContaining({ event: 'menu_categorie', menu_type: 'drawer', menu_level: 4, menu_path: 'Gatto > Cibo secco > Kitten > Indoor', link_url: '/gatto/cibo-secco/kitten/indoor' }),
    )
  })

  test('closes on an outside press and on Escape, keeping focus inside while open', async ({ page }) => {
    await openHome(page)
    const drawer = await openDrawer(page)
    const viewport = page.viewportSize()!
    await page.mouse.click(viewport.width - 10, viewport.height / 2)
    await expect(drawer).toBeHidden()

    await page.getByTestId('drawer-button').focus()
    await page.keyboard.press('Enter')
    await expect(drawer).toBeVisible()
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#category-drawer')))).toBe(true)
    }
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#category-drawer')))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(page.getByTestId('drawer-button')).toBeFocused()
  })

  test('the brand level filters by the first letters typed, grouped by initial', async ({ page }) => {
    await openHome(page)
    const drawer = await openDrawer(page)
    await choose(page, 1, 'Marche')
    const filter = drawer.getByPlaceholder('Digita il nome del Brand')
    await expect(filter).toBeVisible()
    await expect(filter).toHaveAttribute('pattern', /.+/)
    const initials = drawer.getByTestId('brand-group').getByRole('heading')
    await expect(initials.first()).toHaveText('A')
    expect((await initials.allTextContents()).join('')).toBe('ABCDFGLMNOPRSTVZ')

    await filter.fill('f')
    await expect(initials).toHaveText(['F'])
    await expect(drawer.getByTestId('brand-link')).toHaveText(['Fattoria Italiana Pet', 'Felinia', 'Fido Select', 'Fieno d’Alpe'])
    await filter.fill('FI')
    await expect(drawer.getByTestId('brand-link')).toHaveText(['Fido Select', 'Fieno d’Alpe'])
    await expect(drawer.getByRole('link', { name: 'Fido Select' })).toHaveAttribute('href', '/marca/fido-select')
    await shot(page, 'brand-filter')
    await filter.fill('zzz')
    await expect(drawer.getByRole('status')).toHaveText('Nessuna marca inizia con queste lettere.')
    await filter.fill('')
    await expect(drawer.getByTestId('brand-link')).toHaveCount(46)
  })
})

test('the sub-header opens on hover; the third column and the promotional image follow the hovered item', async ({ page }) => {
  await openHome(page)
  const subHeader = page.getByRole('navigation', { name: 'Categorie principali' })
  if (!isDesktop()) {
    await expect(subHeader).toBeHidden()
    return
  }
  await expect(subHeader.getByTestId('sub-header-top')).toHaveText(['Cane', 'Gatto', 'Piccoli animali', 'Uccelli', 'Pesci', 'Rettili'])
  await subHeader.getByRole('link', { name: 'Cane', exact: true }).hover()
  const dropdown = page.getByTestId('sub-header-dropdown')
  await expect(dropdown).toBeVisible()
  const promo = dropdown.getByTestId('sub-header-promo')
  await expect(promo).toHaveAttribute('href', '/cane')
  await expect(promo.getByRole('img')).toHaveAttribute('src', '/cms/menu/cane.svg')
  await expect(dropdown.getByTestId('sub-header-third')).toHaveCount(0)

  await dropdown.getByTestId('sub-header-second').filter({ hasText: 'Cibo secco' }).hover()
  await expect(dropdown.getByTestId('sub-header-third').getByRole('link')).toHaveText(['Puppy', 'Adult', 'Senior'])
  await expect(promo).toHaveAttribute('href', '/cane/cibo-secco')
  await expect(promo.getByRole('img')).toHaveAttribute('src', '/cms/menu/cane-cibo-secco.svg')
  await shot(page, 'sub-header')

  await dropdown.getByTestId('sub-header-second').filter({ hasText: 'Snack e premi' }).hover()
  await expect(dropdown.getByTestId('sub-header-third').getByRole('link')).toHaveText(['Biscotti', 'Masticativi', 'Snack dentali', 'Snack naturali'])
  await expect(promo).toHaveAttribute('href', '/cane')

  await dropdown.getByTestId('sub-header-third').getByRole('link', { name: 'Masticativi' }).click()
  await expect(page).toHaveURL(/\/cane\/snack-e-premi\/masticativi$/)
  await expect(dropdown).toHaveCount(0)
  expect(await dataLayer(page)).toContainEqual(expect.objectContaining({ event: 'menu_categorie', menu_type: 'sub-header', menu_path: 'Cane > Snack e premi > Masticativi' }))

  await page.mouse.move(10, 10)
  await subHeader.getByRole('link', { name: 'Gatto', exact: true }).hover()
  await expect(dropdown).toBeVisible()
  await page.mouse.move(640, 700)
  await expect(dropdown).toHaveCount(0)
})

test.describe('account menu', () => {
  test('anonymous: the login prompt, its dropdown and the mobile login icon', async ({ page }) => {
    await openHome(page)
    if (!isDesktop()) {
      const icon = page.getByRole('link', { name: 'Il mio account' })
      await expect(icon).toBeVisible()
      expect(new URL((await icon.getAttribute('href'))!).searchParams.get('returnUrl')).toBe('/account')
      await expect(page.getByTestId('account-button')).toBeHidden()
      return
    }
    const button = page.getByRole('button', { name: 'Accedi o registrati' })
    await button.click()
    const dropdown = page.getByTestId('account-dropdown')
    await expect(dropdown.getByRole('link', { name: 'Accedi', exact: true })).toHaveAttribute('href', /\/login\?returnUrl=http/)
    await expect(dropdown.getByRole('link', { name: 'Nuovo cliente? Inizia qui' })).toHaveAttribute('href', /\/register\?returnUrl=/)
    await expect(dropdown.getByRole('link', { name: 'Hai ordinato senza account? Trova il tuo ordine' })).toHaveAttribute('href', '/guest-order')
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await shot(page, 'account-anonymous')
    await page.mouse.click(300, 600)
    await expect(dropdown).toBeHidden()
    await button.click()
    await expect(dropdown).toBeVisible()
    await button.click()
    await expect(dropdown).toBeHidden()
  })

  test('logged in: the greeting, the email, the private links and the logout', async ({ page }) => {
    await openHome(page)
    if (isDesktop()) {
      await page.getByRole('button', { name: 'Accedi o registrati' }).click()
      await page.getByTestId('account-dropdown').getByRole('link', { name: 'Accedi', exact: true }).click()
    } else {
      await page.getByRole('link', { name: 'Il mio account' }).click()
    }
    await expect(page.getByRole('heading', { name: 'Accedi' })).toBeVisible()
    await page.getByLabel('Email').fill('mario.rossi@example.it')
    await page.getByLabel('Password').fill('Password123!')
    await page.getByRole('button', { name: 'Accedi' }).click()

    if (!isDesktop()) {
      // The phone's icon asked the platform to come back to its account page.
      await expect(page.getByRole('heading', { name: 'Ciao Mario' })).toBeVisible()
      await openHome(page)
      await expect(page.getByRole('link', { name: 'Il mio account' })).toHaveAttribute('href', /\/account$/)
      return
    }

    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
    const button = page.getByTestId('account-button')
    await expect(button).toHaveText('Ciao Mario')
    await button.click()
    const dropdown = page.getByTestId('account-dropdown')
    await expect(dropdown.getByTestId('account-email')).toHaveText('mario.rossi@example.it')
    // The loyalty card, asked once the dropdown opened and cached for the next pages (req ID-08).
    await expect(dropdown.getByTestId('account-loyalty-card')).toHaveText('Carta Fedeltà n. 2900001000017')
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('main::bkid') ?? 'null'))).toMatchObject({
      email: 'mario.rossi@example.it',
      card: { bkid: 'BK0000100001', arcacard: '2900001000017' },
    })
    await expect(dropdown.getByTestId('account-link')).toHaveText([
      'Il mio account',
      'I miei ordini',
      'La mia Carta Fedeltà',
      'La mia Wishlist',
      'I miei indirizzi',
      'Dati personali',
    ])
    await expect(dropdown.getByRole('link', { name: 'I miei ordini' })).toHaveAttribute('href', /\/account#\/orders$/)
    // Logout is a POST form (a link or an image elsewhere cannot log anyone out).
    const logout = dropdown.getByRole('button', { name: 'Non sei tu? Esci' })
    await expect(dropdown.getByTestId('account-logout-form')).toHaveAttribute('method', 'post')
    const href = new URL((await dropdown.getByTestId('account-logout-form').getAttribute('action'))!)
    expect(href.pathname).toBe('/logout')
    expect(href.searchParams.get('scope')).toBe('petshop')
    expect(href.searchParams.get('returnUrl')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    await shot(page, 'account-logged-in')

    await logout.click()
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
    await expect(page.getByTestId('account-button')).toHaveText('Accedi o registrati')
  })
})

test('the footer: an accordion on the phone, always open on the desktop; links report footer', async ({ page }) => {
  await openHome(page)
  const footer = page.getByRole('contentinfo')
  const cats = footer.getByRole('button', { name: 'Per il tuo gatto' })
  const litter = footer.getByRole('link', { name: 'Lettiere' })
  // The accordion is a deferred island: it hydrates as it comes near the screen.
  await footer.scrollIntoViewIfNeeded()
  if (isDesktop()) {
    await expect(litter).toBeVisible()
    await expect(cats).toBeDisabled()
    await expect(cats).toHaveAttribute('aria-expanded', 'true')
  } else {
    await expect(litter).toBeHidden()
    await cats.click()
    await expect(cats).toHaveAttribute('aria-expanded', 'true')
    await expect(litter).toBeVisible()
    await shot(page, 'footer-open')
    await cats.click()
    await expect(litter).toBeHidden()
    await cats.click()
  }
  for (const social of await footer.getByTestId('footer-social').getByRole('link').all()) {
    await expect(social).toHaveAttribute('target', '_blank')
    await expect(social).toHaveAttribute('rel', 'noopener noreferrer')
  }
  await expect(footer.getByRole('heading', { name: 'Scarica la nostra App' })).toBeVisible()
  await expect(footer.getByRole('img', { name: 'Mastercard' })).toBeVisible()
  await litter.click()
  await expect(page).toHaveURL(/\/gatto\/cucce-e-lettiere\/lettiere$/)
  expect(await dataLayer(page)).toContainEqual(
    expect.objectContaining({ event: 'footer', footer_section: 'Per il tuo gatto', link_text: 'Lettiere', link_url: '/gatto/cucce-e-lettiere/lettiere' }),
  )
})

test('smart banners: copying a link shows COPIATO, a closed banner stays closed', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  await openHome(page)
  const banner = page.getByTestId('smart-banner')
  if (!isDesktop()) {
    // The phone first offers the app download; closing it brings the next banner.
    await expect(banner).toHaveAttribute('data-type', 'download')
    await expect(banner.getByRole('link', { name: 'Scarica' })).toHaveAttribute('href', /play\.google\.com/)
    await banner.getByRole('button', { name: /^Chiudi/ }).click()
  }
  await expect(banner).toHaveAttribute('data-type', 'copyLink')
  const copy = banner.getByRole('button', { name: 'Copia il link' })
  await copy.click()
  await expect(banner.getByTestId('smart-banner-copy')).toHaveText('COPIATO')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/fromApp?invito=zampa5`)
  await shot(page, 'smart-banner-copied')

  await banner.getByRole('button', { name: /^Chiudi/ }).click()
  await expect(page.getByTestId('smart-banner')).toHaveCount(0)
  await page.reload()
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1)
  await expect(page.getByTestId('smart-banner')).toHaveCount(0)
})

test('a clipboard failure is silent', oneWidth, async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } })
    sessionStorage.setItem('main::smartBanners::closed', JSON.stringify(['app-download']))
  })
  await openHome(page)
  const copy = page.getByTestId('smart-banner-copy')
  await copy.click()
  await page.waitForTimeout(300)
  await expect(copy).toHaveText('Copia il link')
  expect(errors).toEqual([])
})

test('a slow page shows the progress bar in #E31C58 and no spinner', async ({ page }) => {
  // Installed before the page loads, so Gatsby's prefetch of the link is slowed down too.
  await page.route('**/page-data/gatto/page-data.json', async (route) => {
    // Long enough that the bar is still there when looked at, however early the prefetch started.
    await new Promise((resolve) => setTimeout(resolve, 6000))
    await route.continue()
  })
  await openHome(page)
  await page.getByTestId('category-link').filter({ hasText: /^Gatto$/ }).click()
  const bar = page.getByRole('progressbar', { name: 'Caricamento della pagina' })
  await expect(bar).toBeVisible()
  await expect(bar.locator('div')).toHaveCSS('background-color', 'rgb(227, 28, 88)')
  await expect(page.locator('[class*="spinner"], [role="progressbar"] svg')).toHaveCount(0)
  await expect(page).toHaveURL(/\/gatto$/)
  await expect(bar).toHaveCount(0)
})

test.describe('errors', () => {
  test('a thrown render error lands on /500 with the path it came from', oneWidth, async ({ page }) => {
    await page.goto('/prova/errore-di-rendering')
    await expect(page).toHaveURL(/\/500\?from=%2Fprova%2Ferrore-di-rendering&errorId=unknown$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Si è verificato un errore')
    await expect(page.getByTestId('error-from')).toHaveText('/prova/errore-di-rendering')
    await expect(page.getByTestId('header')).toBeVisible()
    await shot(page, '500')
  })

  test("the 500 page links back only to a path of this site, whatever 'from' says", oneWidth, async ({ page }) => {
    await page.goto('/500?from=%2Fcane&errorId=unknown')
    await expect(page.getByRole('link', { name: 'Riprova' })).toHaveAttribute('href', '/cane')
    // As they would sit in a link's query string: //host, /\host, a tab inside, a backslash as %5C, an absolute URL.
    for (const from of ['%2F%2Fevil.example', '%2F%5Cevil.example', '%2F%09%2Fevil.example', '/%5Cevil.example', 'https%3A%2F%2Fevil.example%2F']) {
      await page.goto(`/500?from=${from}&errorId=unknown`)
      await expect(page.getByTestId('error-page-500')).toBeVisible()
      await expect(page.getByTestId('error-from')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Riprova' })).toHaveCount(0)
      const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))
      expect(hrefs.filter((href) => !href.startsWith(new URL(page.url()).origin) && href.includes('evil.example'))).toEqual([])
    }
  })

  test('a render error carrying status 404 lands on /404', oneWidth, async ({ page }) => {
    await page.goto('/prova/errore-di-rendering?status=404')
    await expect(page).toHaveURL(/\/404\?from=%2Fprova%2Ferrore-di-rendering%3Fstatus%3D404$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata')
  })
})

test('landmarks, labelled controls and the bare app landing page', async ({ page }) => {
  await openHome(page)
  await expect(page.getByRole('banner')).toHaveCount(1)
  await expect(page.getByRole('main')).toHaveCount(1)
  await expect(page.getByRole('contentinfo')).toHaveCount(1)
  await expect(page.getByRole('search')).toHaveCount(1)
  await expect(page.getByTestId('promo-phrase')).toHaveText('Spedizione gratuita sopra i 49 € e ritiro in negozio in 1 ora')
  await expect(page.getByRole('search').getByRole('combobox')).toHaveAttribute(
    'placeholder',
    isDesktop() ? 'Cerca tra oltre 10.000 prodotti per cani, gatti e piccoli animali' : 'Cerca tra oltre 10.000 prodotti',
  )
  await expect(page.getByRole('button', { name: 'Il tuo carrello' })).toBeVisible()
  for (const button of await page.locator('button:visible').all()) {
    expect((await button.getAttribute('aria-label')) ?? (await button.innerText()).trim()).not.toBe('')
  }
  // A keyboard user sees where the focus is.
  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Vai al contenuto' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
  expect(outline).not.toBe('none')

  await page.goto('/fromApp')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benvenuto dall’app Zampa')
  await expect(page.getByRole('banner')).toHaveCount(0)
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expect(page.getByTestId('from-app-category')).toHaveCount(6)
})

test('the page names its icon and the web-app manifest (req PAGE-05)', oneWidth, async ({ page, request }) => {
  await openHome(page)
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  const iconHref = await page.locator('link[rel="icon"]').getAttribute('href')
  const manifest = await (await request.get(manifestHref!)).json()
  expect(manifest).toMatchObject({ name: 'Fast Demo Store', short_name: 'BaseStore', start_url: '/' })
  for (const href of [iconHref!, ...manifest.icons.map((i: { src: string }) => i.src)]) {
    const answer = await request.get(href)
    expect(answer.status(), href).toBe(200)
  }
})

/**
 * The static sections (src/components/shell/staticSection.tsx): the footer's blocks, the breadcrumbs and the
 * product's description are the server's HTML, kept by hydration without an error; client-side navigation from a
 * product to its category through a breadcrumb shows the category's breadcrumbs and the same footer, whose
 * accordion still opens and whose tracked links still report.
 */
test('static sections: kept by hydration, right after client-side navigation from a product to its category', async ({ page }) => {
  const problems = hydrationProblems(page)
  const { product } = await pickProduct(() => true)
  await openHome(page, `/${product.slug}/p`)
  const footer = page.getByRole('contentinfo')
  const crumbs = page.getByTestId('breadcrumbs')
  await expect(page.locator('[data-static] [data-testid="breadcrumbs"]')).toHaveCount(1)
  await expect(page.locator('[data-static]').getByRole('heading', { name: 'Descrizione' })).toBeVisible()
  await expect(footer.locator('[data-static]')).toHaveCount(2)
  const servicePhone = await footer.getByRole('region', { name: 'Servizio clienti' }).getByRole('link').first().textContent()

  // A marker that a full page load would clear.
  await page.evaluate(() => Object.assign(window, { __samePage: true }))
  const parent = crumbs.getByRole('link').last()
  const parentName = (await parent.textContent())!.trim()
  const parentPath = (await parent.getAttribute('href'))!
  await parent.click()
  await expect(page).toHaveURL(new RegExp(`${parentPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(parentName)
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)
  await expect(crumbs).toHaveCount(1)
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(parentName)
  await expect(footer.getByRole('region', { name: 'Servizio clienti' }).getByRole('link').first()).toHaveText(servicePhone!)
  await expect(footer.getByRole('img', { name: 'Mastercard' })).toBeVisible()
  await expect(footer.getByTestId('footer-legal').getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/cookie-policy')

  const cats = footer.getByRole('button', { name: 'Per il tuo gatto' })
  const litter = footer.getByRole('link', { name: 'Lettiere' })
  if (isDesktop()) {
    await expect(litter).toBeVisible()
  } else {
    // By keyboard: the toggle takes focus and Enter opens its links.
    await expect(litter).toBeHidden()
    await cats.focus()
    await page.keyboard.press('Enter')
    await expect(cats).toHaveAttribute('aria-expanded', 'true')
    await expect(litter).toBeVisible()
    await footer.screenshot({ path: `test-results/screens/${test.info().project.name}-frame-footer-static.png` })
  }

  // A tracked link of the static blocks reports as the footer's; the browser is kept from dialling.
  await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()))
  await footer.getByRole('link', { name: servicePhone! }).click()
  expect(await dataLayer(page)).toContainEqual(expect.objectContaining({ event: 'footer', footer_section: 'Servizio clienti', link_text: servicePhone!, link_url: 'tel' }))
  expect(problems).toEqual([])
})
