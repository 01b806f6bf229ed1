import { theme } from '../../config/theme'
import { visuallyHidden } from './visuallyHidden'

/**
 * The base styles, one constant stylesheet written into every page's head (gatsby-ssr.tsx) and the
 * editor's preview. They are not a styled-components global style: styled-components takes a global
 * style's rules out and writes them again when the component mounts, and rules on `*` and `body` then
 * make the browser work out the style of every element of the page again, at hydration and on every
 * client-side navigation. As a plain stylesheet nothing ever changes them.
 *
 * `no-scroll` is what an open slide-over puts on the body (req UI-03).
 */
export const baseStyle =
  `*,*::before,*::after{box-sizing:border-box}` +
  `html{-webkit-text-size-adjust:100%}` +
  `body{margin:0;font-family:${theme.font.family};font-size:${theme.font.size.md};color:${theme.colors.ink};background:${theme.colors.surfaceAlt};line-height:1.5}` +
  `body.no-scroll{overflow:hidden}` +
  `a{color:${theme.colors.ink}}` +
  `img{max-width:100%}` +
  `button{font:inherit}` +
  // A static section's or a deferred island's box (src/components/shell/) lays out nothing of its own.
  `[data-static],[data-island]{display:contents}` +
  `.visually-hidden{${visuallyHidden}}`

/** The id of the base styles' element in the page's head. */
export const BASE_STYLE_ID = 'base-style'
