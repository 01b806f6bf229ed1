import styled from 'styled-components'
import { focusRing } from '../../ui/focusRing'
import { listReset } from '../../ui/listReset'
import type { CmsData } from '../../../cms/content'
import { headerTexts } from '../../../config/texts/header'
import { SiteLink } from '../../ui/SiteLink'
import { theme } from '../../../config/theme'

/** The black bar above the header: the promotional phrase and the editors' links. */
export function TopHeader({ content }: { content: CmsData<'topHeader'> }) {
  return (
    <Bar data-testid="top-header">
      <Inner>
        {/* The phrase was sanitised when the build read it (cms/sanitize.ts); its type guarantees that. */}
        <Phrase data-testid="promo-phrase" dangerouslySetInnerHTML={{ __html: content.promoPhrase }} />
        {content.links.length > 0 && (
          <nav aria-label={headerTexts.topBar}>
            <Links>
              {content.links.map((link) => (
                <li key={link.label}>
                  <SiteLink to={link.url} newTab={link.openInNewTab}>
                    {link.label}
                  </SiteLink>
                </li>
              ))}
            </Links>
          </nav>
        )}
      </Inner>
    </Bar>
  )
}

const Bar = styled.div`
  background: ${theme.colors.topBar};
  color: ${theme.colors.topBarText};
  font-size: ${theme.font.size.xs};
  a {
    color: inherit;
  }
  a {
    ${focusRing({ color: theme.colors.inverse })}
  }
`
const Inner = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  max-width: ${theme.layout.maxWidth};
  min-height: 34px;
  margin: 0 auto;
  padding: 6px ${theme.space.md};
  ${theme.media.belowNav} {
    justify-content: center;
    text-align: center;
    nav {
      display: none;
    }
  }
`
const Phrase = styled.p`
  margin: 0;
  letter-spacing: 0.2px;
  strong {
    color: ${theme.colors.topBarAccent};
  }
`
const Links = styled.ul`
  display: flex;
  gap: ${theme.space.lg};
  ${listReset}
  a {
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`
