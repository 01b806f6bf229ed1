import { css } from 'styled-components'
import { focusRing } from './focusRing'

/** The look the header's icon-and-label buttons share: categories, account and cart. */
export const headerControl = css`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.ink};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  ${focusRing()}
`
