import { breakpoints, media } from './breakpoints'

describe('breakpoints', () => {
  it('are the widths the layouts switch at', () => {
    expect(breakpoints).toEqual({ xs: 320, sm: 450, mobile: 768, md: 1024, lessDesktop: 1279, desktop: 1280, xl: 1440 })
  })

  it('write the upper bounds as max-width and the desktop ones as min-width, with a portrait query', () => {
    expect(media.xs).toBe('@media (max-width: 320px)')
    expect(media.sm).toBe('@media (max-width: 450px)')
    expect(media.mobile).toBe('@media (max-width: 768px)')
    expect(media.lessDesktop).toBe('@media (max-width: 1279px)')
    expect(media.desktop).toBe('@media (min-width: 1280px)')
    expect(media.xl).toBe('@media (min-width: 1440px)')
    expect(media.portrait).toBe('@media (orientation: portrait)')
  })

  it('switch navigation between its phone and desktop forms at 1024 px', () => {
    expect(media.belowNav).toBe('@media (max-width: 1023px)')
    expect(media.nav).toBe('@media (min-width: 1024px)')
  })
})
