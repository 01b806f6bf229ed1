import { css } from 'styled-components'

/** A list without bullets, indent or margins: for lists laid out as rows, grids or chips. */
export const listReset = css`
  margin: 0;
  padding: 0;
  list-style: none;
`
