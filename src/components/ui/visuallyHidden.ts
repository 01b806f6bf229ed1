/**
 * Hidden on screen, still read by screen readers: the declarations of the `.visually-hidden` class
 * (baseStyle.ts), to embed in a component's style.
 */
export const visuallyHidden =
  'position:absolute !important;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;'
