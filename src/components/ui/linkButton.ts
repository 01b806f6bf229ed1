import { css } from 'styled-components'
import { focusRing } from './focusRing'
import { theme } from '../../config/theme'

/** A button that reads as an underlined link, at least 44 px tall: for a secondary action beside buttons. */
export const linkButton = css`
  min-height: 44px;
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.ink};
  font: inherit;
  text-decoration: underline;
  cursor: pointer;
  ${focusRing()}
`
