import { onAnalyticsEvent, track } from './dataLayer'

describe('track', () => {
  beforeEach(() => {
    delete window.dataLayer
  })

  it('pushes the event with its payload to window.dataLayer, in order', () => {
    track('menu_categorie', { label: 'Cane' })
    track('footer', { label: 'Contatti' })
    expect(window.dataLayer).toEqual([
      { event: 'menu_categorie', label: 'Cane' },
      { event: 'footer', label: 'Contatti' },
    ])
  })

  it('calls registered handlers, and a failing handler breaks neither the page nor the others', () => {
    const seen: string[] = []
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const offBad = onAnalyticsEvent(() => {
      throw new Error('boom')
    })
    const offGood = onAnalyticsEvent((e) => seen.push(e.event))
    expect(() => track('search', { term: 'crocchette' })).not.toThrow()
    expect(seen).toEqual(['search'])
    expect(error).toHaveBeenCalled()
    offBad()
    offGood()
    track('view_cart')
    expect(seen).toEqual(['search'])
    error.mockRestore()
  })
})
