/** Breakpoints, in px (req LAYOUT-05). `desktop` starts at 1280; navigation switches at `md` (1024). */
export const breakpoints = {
  xs: 320,
  sm: 450,
  mobile: 768,
  md: 1024,
  lessDesktop: 1279,
  desktop: 1280,
  xl: 1440,
} as const

export type Breakpoint = keyof typeof breakpoints

/** Media queries; `max` ones include the named width, `min` ones start at it. */
export const media = {
  xs: `@media (max-width: ${breakpoints.xs}px)`,
  sm: `@media (max-width: ${breakpoints.sm}px)`,
  mobile: `@media (max-width: ${breakpoints.mobile}px)`,
  belowNav: `@media (max-width: ${breakpoints.md - 1}px)`,
  nav: `@media (min-width: ${breakpoints.md}px)`,
  lessDesktop: `@media (max-width: ${breakpoints.lessDesktop}px)`,
  desktop: `@media (min-width: ${breakpoints.desktop}px)`,
  xl: `@media (min-width: ${breakpoints.xl}px)`,
  portrait: '@media (orientation: portrait)',
} as const
