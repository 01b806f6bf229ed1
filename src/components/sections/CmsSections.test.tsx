import { screen } from '@testing-library/react'
import type { CmsSection } from '../../../cms/schema/sections'
import { renderWithProviders } from '../../testing/render'
import { CmsSections } from './CmsSections'

const richText: CmsSection = { type: 'richText', blocks: [{ kind: 'paragraph', text: 'Spedizione gratuita' }] }

describe('CmsSections', () => {
  it('renders each block by its type, in order', () => {
    renderWithProviders(<CmsSections sections={[richText]} shelves={[null]} />)
    expect(screen.getByText('Spedizione gratuita')).toBeTruthy()
  })

  it('renders nothing for a block of a type it has no component for, and the blocks around it as usual', () => {
    const unknown = { type: 'carousel', slides: [] } as unknown as CmsSection
    const { container } = renderWithProviders(<CmsSections sections={[unknown, richText]} shelves={[null, null]} />)
    expect(screen.getByText('Spedizione gratuita')).toBeTruthy()
    expect(container.textContent).toBe('Spedizione gratuita')
  })
})
