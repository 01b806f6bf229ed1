import { css } from 'styled-components'
import { focusRing } from './focusRing'
import { theme } from '../../config/theme'

/** The look the header's icon-and-label buttons share: categories, account and cart. */
export const headerControl = css`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.sm};
  min-height: 44px;
  padding: 0 ${theme.space.sm};
  border: 0;
  border-radius: ${theme.radius.md};
  background: transparent;
  color: ${theme.colors.ink};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceAlt};
  }
  ${focusRing()}
`
