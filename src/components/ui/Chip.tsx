import styled, { css } from 'styled-components'
import { theme } from '../../config/theme'

/**
 * A pill-shaped chip. `solid` (the default) is a button on ink, such as a
 * selected filter that removes itself; `outline` is a light pill, such as a
 * category link (render it as a link with `as`).
 */
export const Chip = styled.button<{ $tone?: 'solid' | 'outline' }>`
  border-radius: ${theme.radius.pill};
  font-size: ${theme.font.size.sm};
  cursor: pointer;
  ${({ $tone = 'solid' }) => ($tone === 'solid' ? solid : outline)}
`

const solid = css`
  min-height: 32px;
  padding: 0 ${theme.space.md};
  border: 0;
  background: ${theme.colors.ink};
  color: ${theme.colors.inverse};
`
const outline = css`
  display: inline-block;
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${theme.colors.line};
  background: ${theme.colors.surface};
  text-decoration: none;
  white-space: nowrap;
`
