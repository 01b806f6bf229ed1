/**
 * The shop's theme: colours, type, spacing and the breakpoints (req LAYOUT-05).
 * Styled components import it and write its values into their CSS
 * (`color: ${theme.colors.ink}`), never read it from props through a
 * function: a component whose CSS has no function in it is static, and
 * styled-components works out its class once instead of at every render
 * (the page's hydration ran those functions over 800 times). Nothing
 * hard-codes a colour that is listed here.
 */
import { breakpoints, media } from './breakpoints'

export const theme = {
  breakpoints,
  media,
  colors: {
    brand: '#E31C58',
    brandDark: '#B8103F',
    ink: '#1A1A1A',
    inkSoft: '#555B66',
    line: '#E3E5E8',
    surface: '#FFFFFF',
    surfaceAlt: '#F5F6F7',
    topBar: '#000000',
    topBarText: '#FFFFFF',
    success: '#1E7B3A',
    warning: '#9A5B00',
    danger: '#C4122F',
    focus: '#1B5FD1',
    /** Text and icons on ink, brand and other dark backgrounds. */
    inverse: '#FFFFFF',
    /** A light brand tint behind a selected drawer item and the minicart's minimum-order notice. */
    brandSoft: '#FDEBF0',
    /** The border of a text field. */
    lineStrong: '#8A9099',
    /** A hairline over an image or a coloured background. */
    lineFaint: 'rgba(0, 0, 0, 0.08)',
    /** What dims the page behind an open panel. */
    backdrop: 'rgba(0, 0, 0, 0.45)',
    /** Bold words of the top bar's promotional phrase. */
    topBarAccent: '#FFD45C',
    footer: {
      background: '#16181B',
      text: '#E9EBEE',
      muted: '#B9BEC6',
      soft: '#D5D9DE',
      line: '#2E3237',
      focus: '#8AB4FF',
    },
  },
  font: {
    family: "'Helvetica Neue', Arial, system-ui, sans-serif",
    size: {
      xxs: '11px',
      xs: '12px',
      sm: '14px',
      /** Menu entries: drawer items and sub-header categories. */
      nav: '15px',
      md: '16px',
      mdPlus: '18px',
      lg: '20px',
      logo: '26px',
      xl: '28px',
      xxl: '40px',
      /** The status code of an error page. */
      display: '88px',
    },
    weight: { regular: 400, semibold: 600, bold: 700 },
  },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '40px' },
  radius: { sm: '4px', md: '8px', pill: '999px' },
  /** Elevation, lowest first: the sticky header, cards, dropdowns, the side panel, toasts and banners. */
  shadow: {
    bar: '0 2px 6px rgba(0, 0, 0, 0.06)',
    card: '0 2px 8px rgba(0, 0, 0, 0.08)',
    dropdown: '0 12px 32px rgba(0, 0, 0, 0.12)',
    menu: '0 12px 32px rgba(0, 0, 0, 0.14)',
    megaMenu: '0 16px 32px rgba(0, 0, 0, 0.12)',
    panel: '-8px 0 24px rgba(0, 0, 0, 0.15)',
    toast: '0 4px 16px rgba(0, 0, 0, 0.2)',
    banner: '0 8px 28px rgba(0, 0, 0, 0.22)',
    bannerBottom: '0 -4px 16px rgba(0, 0, 0, 0.12)',
  },
  layout: { maxWidth: '1440px', searchMaxWidth: '780px', minicartWidth: '420px' },
  progressBar: '#E31C58',
  /**
   * The fixed layers, bottom to top. The consent banner sits over the page and the app banners but under the
   * header and every panel, so an open minicart, drawer, store picker or account menu is never under it
   * (the header's menus are inside its stacking context); it is there again when the panel closes.
   */
  zIndex: { smartBanner: 8, consent: 9, header: 10, overlay: 100, drawer: 110, toast: 120 },
} as const

export type Theme = typeof theme
