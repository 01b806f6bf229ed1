import styled from 'styled-components'
import { theme } from '../../config/theme'

/** The shop's wordmark with a paw. */
export function Logo() {
  return (
    <Mark>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <g fill="currentColor">
          <ellipse cx="16" cy="21" rx="7" ry="6" />
          <ellipse cx="7" cy="13" rx="3" ry="4" />
          <ellipse cx="13" cy="8" rx="3" ry="4" />
          <ellipse cx="19" cy="8" rx="3" ry="4" />
          <ellipse cx="25" cy="13" rx="3" ry="4" />
        </g>
      </svg>
      <span>Zampa</span>
    </Mark>
  )
}

const Mark = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: ${theme.colors.brand};
  font-size: ${theme.font.size.logo};
  font-weight: ${theme.font.weight.bold};
  letter-spacing: -0.5px;
`
