import styled, { css } from 'styled-components'
import { focusRing } from './focusRing'
import { theme } from '../../config/theme'

/** The shop's button: primary (brand colour) or secondary (outlined). */
export const Button = styled.button<{ $variant?: 'primary' | 'secondary'; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space.sm};
  min-height: 44px;
  padding: 0 ${theme.space.lg};
  border-radius: ${theme.radius.pill};
  font: inherit;
  font-weight: ${theme.font.weight.bold};
  cursor: pointer;
  text-decoration: none;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  ${({ $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.colors.brand};
          color: ${theme.colors.inverse};
          border: 2px solid ${theme.colors.brand};
          &:hover:not(:disabled) {
            background: ${theme.colors.brandDark};
            border-color: ${theme.colors.brandDark};
          }
        `
      : css`
          background: transparent;
          color: ${theme.colors.ink};
          border: 2px solid ${theme.colors.ink};
        `}
  &:disabled,
  &[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
  ${focusRing()}
`
