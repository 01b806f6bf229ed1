/** What the footer's hydrated frame (Footer.tsx) and its static blocks (FooterBlocks.tsx) share. */
import { css } from 'styled-components'
import { track } from '../../sdk/analytics/dataLayer'
import { theme } from '../../config/theme'

export const trackFooter = (section: string, label: string, url: string) => track('footer', { footer_section: section, link_text: label, link_url: url })

/**
 * A footer link's report: its click handler where the component runs, and the same figures as attributes
 * for the static blocks' HTML, whose links the browser reports through `followFooterLink`.
 */
export const footerLink = (section: string, label: string, url: string) => ({
  'data-footer-section': section,
  'data-footer-label': label,
  'data-footer-url': url,
  onClick: () => trackFooter(section, label, url),
})

export function followFooterLink(anchor: HTMLAnchorElement): void {
  const { footerSection, footerLabel, footerUrl } = anchor.dataset
  if (footerSection !== undefined) trackFooter(footerSection, footerLabel ?? '', footerUrl ?? '')
}

/** The footer's rows: the content of the site's width, one column below the navigation's breakpoint. */
export const footerRow = css`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: ${theme.space.xl};
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${theme.space.xl} ${theme.space.md};
  ${theme.media.belowNav} {
    grid-template-columns: minmax(0, 1fr);
    gap: ${theme.space.lg};
    padding: ${theme.space.md};
  }
`
