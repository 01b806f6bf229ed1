import { readFileSync } from 'fs'
import path from 'path'
import { checkLinks, cmsPages, CmsError, jsonSchemaOf, readCms, type CmsContent } from './load'
import { cmsRegistry, type CmsName } from './registry'
import { buildBrands } from '../platform/db/seed/brands'
import { buildCategories } from '../platform/db/seed/categories'
import { paths, staticRoutes } from '../src/config/paths'

/** The pages a build over the seed catalog creates (products aside), CMS pages included. */
const seedPaths = new Set<string>([
  ...staticRoutes,
  ...cmsPages(readCms()),
  ...buildCategories().map((c) => paths.category(c.slug)),
  ...buildBrands().map((b) => paths.brand(b.slug)),
])
const inSeed = (p: string) => seedPaths.has(p)

const real = (file: string) => readFileSync(path.join(__dirname, file), 'utf8')

/** Reads the real content, with one file replaced. */
const withFile = (file: string, text: string) => (f: string) => (f === file ? text : real(f))

const errorOf = (fn: () => unknown): CmsError => {
  try {
    fn()
  } catch (error) {
    if (error instanceof CmsError) return error
    throw error
  }
  throw new Error('expected a CmsError')
}

describe('readCms', () => {
  it('reads every registered file of the repository', () => {
    const content = readCms()
    expect(Object.keys(content).sort()).toEqual(Object.keys(cmsRegistry).sort())
  })

  it('names the file when it is missing', () => {
    const error = errorOf(() => readCms((f) => (f === 'top-header.json' ? (() => { throw new Error('ENOENT') })() : real(f))))
    expect(error.message).toBe('cms/top-header.json: the file is missing')
  })

  it('names the file when it is not JSON', () => {
    const error = errorOf(() => readCms(withFile('top-header.json', '{ "links": [')))
    expect(error.file).toBe('top-header.json')
    expect(error.message).toMatch(/^cms\/top-header\.json: not valid JSON/)
  })

  it('names the field of a missing value', () => {
    const error = errorOf(() => readCms(withFile('top-header.json', JSON.stringify({ links: [] }))))
    expect(error.field).toBe('promoPhrase')
  })

  it('names the nested field of a wrong type', () => {
    const text = JSON.stringify({ links: [{ label: 'A', url: '/cane' }, { label: 7, url: '/gatto' }], promoPhrase: '' })
    const error = errorOf(() => readCms(withFile('top-header.json', text)))
    expect(error.field).toBe('links[1].label')
    expect(error.message).toContain('cms/top-header.json at "links[1].label"')
  })

  it('rejects an unknown field, which is most often a typo', () => {
    const text = JSON.stringify({ links: [], promoPhrase: '', promoPhrse: 'x' })
    expect(errorOf(() => readCms(withFile('top-header.json', text))).message).toMatch(/promoPhrse/)
  })

  it('rejects a link that is neither a site path nor a URL', () => {
    const text = JSON.stringify({ links: [{ label: 'A', url: 'cane' }], promoPhrase: '' })
    expect(errorOf(() => readCms(withFile('top-header.json', text))).field).toBe('links[0].url')
  })
})

describe('checkLinks', () => {
  // Only the top header holds links here, so each test names exactly the paths it depends on.
  const others = Object.fromEntries(Object.keys(readCms()).map((name) => [name, {}]))
  const content = (links: { label: string; url: string }[]) =>
    ({ ...others, topHeader: { links: links.map((l) => ({ ...l, openInNewTab: false })), promoPhrase: '' } }) as CmsContent

  it('accepts site paths that exist, ignoring query, fragment and trailing slash', () => {
    expect(() => checkLinks(content([{ label: 'A', url: '/cane/?x=1#top' }, { label: 'B', url: 'https://example.it/x' }]), inSeed)).not.toThrow()
  })

  it('stops on a link to a category that does not exist, naming file and field', () => {
    const error = errorOf(() => checkLinks(content([{ label: 'A', url: '/cane' }, { label: 'B', url: '/criceti-giganti' }]), inSeed))
    expect(error.file).toBe('top-header.json')
    expect(error.field).toBe('links[1].url')
    expect(error.message).toContain('"/criceti-giganti"')
  })
})

describe('JSON schemas', () => {
  it.each(Object.keys(cmsRegistry) as CmsName[])('cms/schemas for %s are up to date (npm run cms:schemas)', (name) => {
    const file = cmsRegistry[name].file.replace(/\.json$/, '.schema.json')
    const written = JSON.parse(real(path.join('json-schema', file)))
    expect(written).toEqual(jsonSchemaOf(name))
  })
})

describe('the shop content', () => {
  it('links only to categories, brands and pages the seed catalog creates', () => {
    expect(() => checkLinks(readCms(), inSeed)).not.toThrow()
  })

  it('stops on a menu link to a category that is not in the catalog, naming the item', () => {
    const menu = JSON.parse(real('menu.json'))
    menu.items[1].nextLevel[0].nextLevel[0].titleURL = '/gatto/cibo-secco/cuccioli'
    const error = errorOf(() => checkLinks(readCms(withFile('menu.json', JSON.stringify(menu))), inSeed))
    expect(error.message).toBe('cms/menu.json at "items[1].nextLevel[0].nextLevel[0].titleURL": links to "/gatto/cibo-secco/cuccioli", which is not a page of the site')
  })

  it('the menu reaches the fourth level and lists every brand', () => {
    const { menu } = readCms()
    const dog = menu.items.find((i) => i.title === 'Cane')!
    const level4 = dog.nextLevel![0]!.nextLevel![1]!.nextLevel!
    expect(level4.map((i) => i.titleURL)).toContain('/cane/cibo-secco/adult/taglia-media')
    const brands = menu.items.find((i) => i.alphabeticalMenu && i.title === 'Marche')!
    expect(brands.nextLevel).toHaveLength(buildBrands().length)
  })

  it('sanitises the promotional phrase when it is read', () => {
    const topHeader = { links: [], promoPhrase: 'Saldi <img src=x onerror="alert(1)"><script>alert(2)</script><strong onclick="x()">-30%</strong>' }
    expect(readCms(withFile('top-header.json', JSON.stringify(topHeader))).topHeader.promoPhrase).toBe('Saldi <strong>-30%</strong>')
  })
})

describe('menu items are branches or links', () => {
  it('accepts a branch (an item with a nextLevel) without a titleURL of its own', () => {
    const menu = JSON.parse(real('menu.json'))
    delete menu.items[0].titleURL
    const item = readCms(withFile('menu.json', JSON.stringify(menu))).menu.items[0]!
    expect(item.titleURL).toBeUndefined()
    expect(item.nextLevel?.length).toBeGreaterThan(0)
  })

  it('the JSON schema offers an item as either shape, a link with its titleURL required', () => {
    const schema = jsonSchemaOf('menu') as { properties: { items: { items: { anyOf: { required: string[]; properties: Record<string, unknown> }[] } } } }
    const [branch, link] = schema.properties.items.items.anyOf
    expect(branch!.required).toEqual(['title', 'nextLevel'])
    expect(link!.required).toEqual(['title', 'titleURL'])
    expect(link!.properties).not.toHaveProperty('nextLevel')
  })
})

describe('content errors name the file and the field', () => {
  const menuWith = (change: (menu: { items: Record<string, unknown>[] } & Record<string, unknown>) => void) => {
    const menu = JSON.parse(real('menu.json'))
    change(menu)
    return withFile('menu.json', JSON.stringify(menu))
  }

  it('a fifth menu level', () => {
    const read = menuWith((m) => {
      const l4 = (m.items[0] as never as { nextLevel: { nextLevel: { nextLevel: Record<string, unknown>[] }[] }[] }).nextLevel[0]!.nextLevel[0]!.nextLevel[0]!
      l4.nextLevel = [{ title: 'Troppo in fondo', titleURL: '/cane' }]
    })
    const error = errorOf(() => readCms(read))
    expect(error.file).toBe('menu.json')
    expect(error.field).toBe('items[0].nextLevel[0].nextLevel[0].nextLevel[0]')
    expect(error.message).toMatch(/nextLevel/)
  })

  it('a menu item with neither a link nor children', () => {
    const error = errorOf(() => readCms(menuWith((m) => m.items.push({ title: 'Vuoto' }))))
    expect(error.field).toBe(`items[${JSON.parse(real('menu.json')).items.length}].titleURL`)
    expect(error.message).toContain('an item needs a titleURL or a nextLevel with items')
  })

  it('a menu link (an item without a nextLevel) without its titleURL', () => {
    const read = menuWith((m) => {
      const leaf = (m.items[0] as never as { nextLevel: { nextLevel: Record<string, unknown>[] }[] }).nextLevel[1]!.nextLevel[0]!
      expect(leaf.nextLevel).toBeUndefined()
      delete leaf.titleURL
    })
    const error = errorOf(() => readCms(read))
    expect(error.message).toBe('cms/menu.json at "items[0].nextLevel[1].nextLevel[0].titleURL": an item needs a titleURL or a nextLevel with items')
  })

  it('a menu item with an empty nextLevel', () => {
    const error = errorOf(() => readCms(menuWith((m) => m.items.push({ title: 'Vuoto', nextLevel: [] }))))
    expect(error.field).toBe(`items[${JSON.parse(real('menu.json')).items.length}].nextLevel`)
    expect(error.message).toContain('an item needs a titleURL or a nextLevel with items')
  })

  it('a wrong field deep inside a branch, not the shape of the branch', () => {
    const read = menuWith((m) => {
      const leaf = (m.items[0] as never as { nextLevel: { nextLevel: Record<string, unknown>[] }[] }).nextLevel[1]!.nextLevel[0]!
      leaf.tagColor = 'red'
    })
    const error = errorOf(() => readCms(read))
    expect(error.field).toBe('items[0].nextLevel[1].nextLevel[0].tagColor')
    expect(error.message).toContain('must be a hex colour')
  })

  it('a colour that is not hex', () => {
    const error = errorOf(() => readCms(menuWith((m) => Object.assign(m.items[0]!, { tagColor: 'red' }))))
    expect(error.field).toBe('items[0].tagColor')
    expect(error.message).toContain('must be a hex colour')
  })

  it('a top category without its link', () => {
    const error = errorOf(() => readCms(menuWith((m) => (m.topCategory = [{ title: 'Offerte' }]))))
    expect(error.field).toBe('topCategory[0].titleURL')
  })

  it('a smart banner of an unknown type', () => {
    const banners = JSON.parse(real('smart-banners.json'))
    banners.banners[1].type = 'share'
    const error = errorOf(() => readCms(withFile('smart-banners.json', JSON.stringify(banners))))
    expect(error.message).toMatch(/^cms\/smart-banners\.json at "banners\[1\]\.type"/)
  })

  it('a smart banner missing its mobile button text', () => {
    const banners = JSON.parse(real('smart-banners.json'))
    delete banners.banners[0].mobile.buttonText
    expect(errorOf(() => readCms(withFile('smart-banners.json', JSON.stringify(banners)))).field).toBe('banners[0].mobile.buttonText')
  })

  it('a footer link item without its URL', () => {
    const footer = JSON.parse(real('footer.json'))
    delete footer.sections[2].items[1].labelURL
    expect(errorOf(() => readCms(withFile('footer.json', JSON.stringify(footer)))).field).toBe('sections[2].items[1].labelURL')
  })

  it('a footer social link that is not a URL', () => {
    const footer = JSON.parse(real('footer.json'))
    footer.contactInfo.social[0].link = 'facebook.com/zampa'
    expect(errorOf(() => readCms(withFile('footer.json', JSON.stringify(footer)))).field).toBe('contactInfo.social[0].link')
  })

  it('an account link that is a full address instead of a section', () => {
    const text = JSON.stringify({ privateLinks: [{ label: 'Ordini', accountSection: 'https://example.it/orders' }] })
    const error = errorOf(() => readCms(withFile('account-menu.json', text)))
    expect(error.field).toBe('privateLinks[0].accountSection')
    expect(error.message).toContain('#/orders')
  })
})

/**
 * A content address is written into the pages as an `href` or `src`. The page CSP would stop a script URL or a
 * third-party picture, but the schemas refuse them first, each with its reason in Italian, so the build (and the
 * editing screen, which shows the same message) never carries one.
 */
describe('content addresses that would run a script or lead off the site are refused', () => {
  const footerWith = (change: (footer: { paymentIcons: Record<string, unknown>[] } & Record<string, unknown>) => void) => {
    const footer = JSON.parse(real('footer.json'))
    change(footer)
    return withFile('footer.json', JSON.stringify(footer))
  }
  const picture = (value: string) => errorOf(() => readCms(footerWith((f) => (f.paymentIcons[0]!.logoImage = value))))
  const link = (value: string) => errorOf(() => readCms(withFile('top-header.json', JSON.stringify({ links: [{ label: 'A', url: value }], promoPhrase: '' }))))
  const script = (value: string) => {
    const booking = JSON.parse(real('services-booking.json'))
    booking.scripts = [{ src: value, async: true }]
    return errorOf(() => readCms(withFile('services-booking.json', JSON.stringify(booking))))
  }

  const leadsElsewhere = /inizia con "\/\/"/
  const unsafeCharacter = /barra rovesciata|caratteri di controllo/

  it.each([
    ['javascript:alert(1)', /schema "javascript:"/],
    ['JavaScript:alert(1)', /schema "javascript:"/],
    ['data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', /schema "data:"/],
    ['data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+', /schema "data:"/],
    ['http://evil.example/logo.svg', /schema "http:"/],
    ['//evil.example/logo.svg', leadsElsewhere],
    ['/\\evil.example/logo.svg', unsafeCharacter],
    ['/\t/evil.example/logo.svg', unsafeCharacter],
    [' javascript:alert(1)', unsafeCharacter],
    ['/cms/footer/visa.svg\n', unsafeCharacter],
    ['/static/logo.svg', /sotto \/cms\//],
    ['/cms/../../package.json', /sotto \/cms\//],
    ['cms/footer/visa.svg', /sotto \/cms\/ o un indirizzo https/],
    ['https://user@evil.example/logo.svg', /nome utente o una password/],
  ])('a picture at %j', (value, reason) => {
    const error = picture(value)
    expect([error.file, error.field]).toEqual(['footer.json', 'paymentIcons[0].logoImage'])
    expect(error.problem).toMatch(reason)
  })

  it.each([
    ['//evil.example/', leadsElsewhere],
    ['///evil.example/', leadsElsewhere],
    ['/\\evil.example/', unsafeCharacter],
    ['/\t/evil.example/', unsafeCharacter],
    ['\njavascript:alert(1)', unsafeCharacter],
    ['javascript:alert(1)', /schema "javascript:"/],
    ['JAVASCRIPT:alert(1)', /schema "javascript:"/],
    ['data:text/html,<script>alert(1)</script>', /schema "data:"/],
    ['vbscript:msgbox(1)', /schema "vbscript:"/],
    ['https:evil.example', /indirizzo completo/],
    ['https://www.zampa.example.it@evil.example/', /nome utente o una password/],
    ['mailto:', /mailto:/],
    ['tel:javascript', /tel:/],
  ])('a link to %j', (value, reason) => {
    const error = link(value)
    expect([error.file, error.field]).toEqual(['top-header.json', 'links[0].url'])
    expect(error.problem).toMatch(reason)
  })

  it.each([
    ['//evil.example/x.js', leadsElsewhere],
    ['/\\evil.example/x.js', unsafeCharacter],
    ['/\t/evil.example/x.js', unsafeCharacter],
    ['javascript:alert(1)', /schema "javascript:"/],
    ['data:text/javascript,alert(1)', /schema "data:"/],
    ['http://booking.example/widget.js', /schema "http:"/],
    ['https://booking.example/widget.js;script-src-elem', /Content-Security-Policy/],
    ['https://booking.example/widget.js\'', /Content-Security-Policy/],
    ['scripts/services-booking.js', /indirizzo https o un percorso del sito/],
  ])('a booking script from %j', (value, reason) => {
    const error = script(value)
    expect([error.file, error.field]).toEqual(['services-booking.json', 'scripts[0].src'])
    expect(error.problem).toMatch(reason)
  })

  it('takes pictures under /cms/ or at an https address, links to site paths, http(s), mailto: and tel:, and scripts of the site or at an https address', () => {
    for (const value of ['/cms/footer/visa.svg', '/cms/banner_estate-2026.v2.webp', 'https://cdn.zampa.example.it/loghi/visa.svg']) {
      expect(readCms(footerWith((f) => (f.paymentIcons[0]!.logoImage = value))).footer.paymentIcons[0]!.logoImage).toBe(value)
    }
    const links = ['/cane', '/cane/?x=1#top', 'https://www.example.it/a?b=c#d', 'http://www.example.it/', 'mailto:assistenza@zampa.example.it', 'mailto:assistenza@zampa.example.it?subject=Ordine', 'tel:+390187123456', 'tel:0187-123.456']
    const text = JSON.stringify({ links: links.map((url) => ({ label: 'A', url })), promoPhrase: '' })
    expect(readCms(withFile('top-header.json', text)).topHeader.links.map((l) => l.url)).toEqual(links)
    const booking = JSON.parse(real('services-booking.json'))
    booking.scripts = [{ src: '/scripts/services-booking.js' }, { src: 'https://booking.example.it/widget.js?v=3' }]
    expect(readCms(withFile('services-booking.json', JSON.stringify(booking))).servicesBooking.scripts.map((s) => s.src)).toEqual(['/scripts/services-booking.js', 'https://booking.example.it/widget.js?v=3'])
  })

  it('checks a link starting with "//" against the site pages too, should one get past its schema', () => {
    const others = Object.fromEntries(Object.keys(readCms()).map((name) => [name, {}]))
    const content = { ...others, topHeader: { links: [{ label: 'A', url: '//evil.example/', openInNewTab: false }], promoPhrase: '' } } as CmsContent
    const error = errorOf(() => checkLinks(content, inSeed))
    expect([error.file, error.field]).toEqual(['top-header.json', 'links[0].url'])
  })
})
