import { css } from 'styled-components'

/** Hidden on screen, still read by screen readers (the `.visually-hidden` class as a style to embed). */
export const visuallyHidden = css`
  position: absolute !important;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`
