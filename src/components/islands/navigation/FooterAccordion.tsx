/**
 * The footer's content sections (req FOOTER-01): an accordion on narrow screens,
 * always open from 1024 px, where the toggles no longer show.
 */
import { useState } from 'react'
import styled from 'styled-components'
import { listReset } from '../../ui/listReset'
import type { CmsData } from '../../../cms/content'
import { useDesktopNavigation } from '../../../sdk/shell/overlay'
import { SiteLink } from '../../ui/SiteLink'
import { theme } from '../../../config/theme'
import { textColor } from '../../ui/textColor'

interface Props {
  sections: CmsData<'footer'>['sections']
  onFollow: (section: string, label: string, url: string) => void
}

export function FooterAccordion({ sections, onFollow }: Props) {
  const desktop = useDesktopNavigation()
  const [open, setOpen] = useState<Set<number>>(new Set())
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current)
      if (next.has(index)) next.delete(index)
      else next.add(index)
      return next
    })

  return (
    <Sections data-testid="footer-sections">
      {sections.map((section, index) => {
        const id = `footer-section-${index}`
        const expanded = desktop || open.has(index)
        return (
          <Section key={section.title} data-testid="footer-section">
            <h2>
              <Toggle type="button" disabled={desktop} aria-expanded={expanded} aria-controls={id} onClick={() => toggle(index)} style={textColor(section.titleColor, theme.colors.footer.background)}>
                {section.title}
                <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true" focusable="false">
                  <path d={expanded ? 'M2 7h10' : 'M2 7h10M7 2v10'} stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </Toggle>
            </h2>
            <Links id={id} $open={expanded} data-testid="footer-links">
              {section.items.map((item) => (
                <li key={item.label}>
                  <SiteLink to={item.labelURL} style={textColor(item.labelColor, theme.colors.footer.background)} onClick={() => onFollow(section.title, item.label, item.labelURL)}>
                    {item.label}
                  </SiteLink>
                </li>
              ))}
            </Links>
          </Section>
        )
      })}
    </Sections>
  )
}

const Sections = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(150px, 1fr));
  gap: ${theme.space.lg};
  ${theme.media.belowNav} {
    grid-template-columns: minmax(0, 1fr);
    gap: 0;
  }
`
const Section = styled.section`
  h2 {
    margin: 0;
    font-size: ${theme.font.size.md};
  }
  ${theme.media.belowNav} {
    border-bottom: 1px solid ${theme.colors.footer.line};
  }
`
const Toggle = styled.button`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  min-height: 48px;
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.inverse};
  opacity: 1;
  font: inherit;
  font-weight: ${theme.font.weight.bold};
  text-align: left;
  cursor: pointer;
  ${theme.media.nav} {
    min-height: 0;
    margin-bottom: ${theme.space.sm};
    cursor: default;
    svg {
      display: none;
    }
  }
`
const Links = styled.ul<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  ${listReset}
  padding: 0 0 ${theme.space.md};
  font-size: ${theme.font.size.sm};
  li {
    padding: 6px 0;
  }
  a {
    color: ${theme.colors.footer.soft};
    text-decoration: none;
  }
  a:hover {
    color: ${theme.colors.inverse};
    text-decoration: underline;
  }
  ${theme.media.nav} {
    display: block;
  }
`
