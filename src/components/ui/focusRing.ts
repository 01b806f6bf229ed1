import { css } from 'styled-components'
import { theme } from '../../config/theme'

interface Options {
  /**
   * Inside the control's edge instead of 2 px outside it: for full-width rows
   * in a scrolling panel or a dropdown, where a ring outside would be clipped.
   */
  inset?: boolean
  /** The ring on a dark background (the top bar, the footer); the focus blue otherwise. */
  color?: string
}

/**
 * The keyboard focus ring every control shares: 3 px in the focus colour,
 * 2 px outside the control, shown for keyboard focus only (`:focus-visible`).
 * Put it in the control's own rule, or in a nested one (`a { ${focusRing()} }`).
 */
export const focusRing = ({ inset = false, color = theme.colors.focus }: Options = {}) => css`
  &:focus-visible {
    outline: 3px solid ${color};
    outline-offset: ${inset ? '-3px' : '2px'};
  }
`
