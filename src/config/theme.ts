/**
 * The styled-components theme: colours, type, spacing and the breakpoints of
 * spec §2. Components read it through `props.theme`; nothing hard-codes a
 * colour that is listed here.
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
  },
  font: {
    family: "'Helvetica Neue', Arial, system-ui, sans-serif",
    size: { xs: '12px', sm: '14px', md: '16px', lg: '20px', xl: '28px' },
    weight: { regular: 400, bold: 700 },
  },
  space: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '40px' },
  radius: { sm: '4px', md: '8px', pill: '999px' },
  layout: { maxWidth: '1440px', searchMaxWidth: '780px', minicartWidth: '420px' },
  progressBar: '#E31C58',
  zIndex: { header: 10, overlay: 100, drawer: 110, toast: 120 },
} as const

export type Theme = typeof theme
