import { screen, within } from '@testing-library/react'
import { readCms } from '../../../cms/load'
import { renderWithProviders } from '../../testing/render'
import { setViewport } from '../../testing/viewport'
import { FooterContent } from './Footer'

const { footer, pages: cmsPages } = readCms()

beforeAll(() => setViewport(true))

const hrefOf = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href')

describe('FooterContent', () => {
  it('offers the apps, the social links in a new tab, the registry and the award', () => {
    renderWithProviders(<FooterContent footer={footer} />)
    expect(screen.getByRole('heading', { name: 'Scarica la nostra App' })).toBeTruthy()
    expect(hrefOf(/Scarica su App Store/)).toBe(footer.contactInfo.appleLink)
    expect(hrefOf(/Disponibile su Google Play/)).toBe(footer.contactInfo.googleLink)
    const social = within(screen.getByTestId('footer-social')).getAllByRole('link')
    expect(social.map((link) => link.getAttribute('href'))).toEqual(footer.contactInfo.social.map((s) => s.link))
    for (const link of social) expect(link.getAttribute('target')).toBe('_blank')
    expect(hrefOf(new RegExp(footer.contactInfo.vetRegistry.name))).toBe(footer.contactInfo.vetRegistry.link)
    expect(hrefOf(new RegExp(footer.contactInfo.award.label))).toBe(footer.contactInfo.award.link)
  })

  it('links the privacy notice and the cookie policy, and reopens the cookie choices (req CONSENT-08)', () => {
    renderWithProviders(<FooterContent footer={footer} />)
    const legal = within(screen.getByTestId('footer-legal'))
    expect(legal.getByRole('link', { name: 'Informativa sulla privacy' }).getAttribute('href')).toBe('/privacy')
    expect(legal.getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe('/cookie-policy')
    expect(legal.getByRole('button', { name: 'Preferenze cookie' }).getAttribute('data-consent-action')).toBe('open')
    const pages = cmsPages.pages.map((page) => page.slug)
    expect(pages).toEqual(expect.arrayContaining(['privacy', 'cookie-policy']))
  })

  it('shows the customer service, the payment methods and the business data', () => {
    renderWithProviders(<FooterContent footer={footer} />)
    const service = footer.customerService
    const block = screen.getByRole('region', { name: service.title })
    for (const text of [service.phoneTitle, service.secondTitle, service.businessDays, service.hours]) expect(block.textContent).toContain(text)
    expect(within(block).getByRole('link', { name: service.phone }).getAttribute('href')).toBe(`tel:${service.phone.replace(/[^\d+]/g, '')}`)
    expect(within(block).getByRole('link', { name: service.secondValue }).getAttribute('href')).toBe(service.secondLink)
    const map = within(block).getByRole('link', { name: new RegExp(service.mapLabel) })
    expect(map.getAttribute('href')).toBe(service.mapLink)
    expect(map.getAttribute('target')).toBe('_blank')
    const payments = within(screen.getByRole('list', { name: 'Metodi di pagamento' })).getAllByRole('img')
    expect(payments.map((icon) => icon.getAttribute('alt'))).toEqual(footer.paymentIcons.map((icon) => icon.name))
    const business = screen.getByLabelText('Dati societari')
    for (const line of footer.contactInfo.businessData) expect(business.textContent).toContain(line)
  })

  it('fetches its logos only as they near the screen: below every page’s fold, they would share the network with the page’s own pictures', () => {
    const { container } = renderWithProviders(<FooterContent footer={footer} />)
    const logos = [...container.querySelectorAll('img')]
    expect(logos.length).toBe(4 + footer.contactInfo.social.length + footer.paymentIcons.length)
    for (const logo of logos) expect([logo.getAttribute('src'), logo.getAttribute('loading'), logo.getAttribute('decoding')]).toEqual([logo.getAttribute('src'), 'lazy', 'async'])
  })
})
