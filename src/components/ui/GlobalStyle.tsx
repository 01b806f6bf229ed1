import { createGlobalStyle } from 'styled-components'
import { visuallyHidden } from './visuallyHidden'
import { theme } from '../../config/theme'

/** Base styles; `no-scroll` is what an open slide-over puts on the body (req UI-03). */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.font.family};
    font-size: ${theme.font.size.md};
    color: ${theme.colors.ink};
    background: ${theme.colors.surfaceAlt};
    line-height: 1.5;
  }
  body.no-scroll { overflow: hidden; }
  a { color: ${theme.colors.ink}; }
  img { max-width: 100%; }
  button { font: inherit; }
  /* A static section's or a deferred island's box (src/components/shell/) lays out nothing of its own. */
  [data-static], [data-island] { display: contents; }
  .visually-hidden {
    ${visuallyHidden}
  }
`
