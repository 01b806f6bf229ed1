import { render, screen } from '@testing-library/react'
import { SiteLink } from './SiteLink'

describe('SiteLink', () => {
  it('opens a site path in the same tab', () => {
    render(<SiteLink to="/cane">Cane</SiteLink>)
    const link = screen.getByRole('link', { name: 'Cane' })
    expect(link.getAttribute('href')).toBe('/cane')
    expect(link.getAttribute('target')).toBeNull()
  })

  it('opens a link marked for a new tab there, without its opener, and tells screen readers', () => {
    render(
      <SiteLink to="https://www.instagram.com/zampa" newTab>
        Instagram
      </SiteLink>,
    )
    const link = screen.getByRole('link', { name: 'Instagram (si apre in una nuova scheda)' })
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })
})
