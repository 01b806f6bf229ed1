/**
 * The desktop sub-header (req FRAME-04, from 1024 px): one dropdown per top-level
 * category placed by its subHeaderPosition, with the second level, a third
 * column following the hovered second-level item, and a promotional image
 * that follows the hovered item and links to its URL. Pointer and keyboard
 * focus open a dropdown; leaving it or Escape closes it.
 */
import { useState, type FocusEvent } from 'react'
import styled from 'styled-components'
import { focusRing } from '../../ui/focusRing'
import { listReset } from '../../ui/listReset'
import { MenuTag } from '../../ui/MenuTag'
import type { MenuItem } from '../../../../cms/schema/menu'
import type { CmsData } from '../../../cms/content'
import { texts } from '../../../config/texts'
import { track } from '../../../sdk/analytics/dataLayer'
import { visibleItems } from '../../../sdk/navigation/drawer'
import { SiteLink } from '../../ui/SiteLink'
import { theme } from '../../../config/theme'
import { textColor } from '../../ui/textColor'

export function subHeaderItems(menu: CmsData<'menu'>): MenuItem[] {
  return visibleItems(menu.items, 'desktop')
    .filter((item) => item.subHeaderPosition !== undefined)
    .sort((a, b) => a.subHeaderPosition! - b.subHeaderPosition!)
}

export function SubHeader({ menu }: { menu: CmsData<'menu'> }) {
  const items = subHeaderItems(menu)
  const [open, setOpen] = useState<number | null>(null)
  const [hovered, setHovered] = useState<number | null>(null)

  const show = (index: number) => {
    if (open !== index) setHovered(null)
    setOpen(index)
  }
  const hide = () => {
    setOpen(null)
    setHovered(null)
  }
  const leaveOnBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) hide()
  }
  const follow = (path: string[], url: string) => {
    track('menu_categorie', { menu_type: 'sub-header', menu_level: path.length, menu_path: path.join(' > '), link_url: url })
    hide()
  }

  return (
    <Bar aria-label={texts.header.subHeader} data-testid="sub-header" onKeyDown={(event) => event.key === 'Escape' && hide()}>
      <Tops>
        {items.map((top, index) => {
          const second = visibleItems(top.nextLevel, 'desktop')
          const active = hovered === null ? undefined : second[hovered]
          const third = visibleItems(active?.nextLevel, 'desktop')
          const promo = active?.subHeaderImage && active.titleURL ? active : top
          return (
            <Top key={top.title} onMouseEnter={() => show(index)} onMouseLeave={hide} onFocus={() => show(index)} onBlur={leaveOnBlur}>
              <TopLink
                to={top.titleURL ?? second[0]?.titleURL ?? '/'}
                newTab={top.openInNewTab}
                aria-expanded={open === index}
                data-testid="sub-header-top"
                style={textColor(top.titleColor, theme.colors.surface)}
                onClick={() => follow([top.title], top.titleURL ?? '/')}
              >
                {top.title}
              </TopLink>
              {open === index && second.length > 0 && (
                <Dropdown data-testid="sub-header-dropdown">
                  <Inner>
                    <Column>
                      <ColumnTitle>{top.title}</ColumnTitle>
                      <ul>
                        {second.map((item, i) => (
                          <li key={item.title}>
                            <ColumnLink
                              to={item.titleURL ?? item.nextLevel?.[0]?.titleURL ?? '/'}
                              newTab={item.openInNewTab}
                              $active={hovered === i}
                              data-testid="sub-header-second"
                              onMouseEnter={() => setHovered(i)}
                              onFocus={() => setHovered(i)}
                              onClick={() => follow([top.title, item.title], item.titleURL ?? '/')}
                            >
                              {item.title}
                              {item.tag && <MenuTag tag={item.tag} color={item.tagColor} />}
                            </ColumnLink>
                          </li>
                        ))}
                      </ul>
                      {top.label && top.labelURL && (
                        <Highlight to={top.labelURL} onClick={() => follow([top.title, top.label!], top.labelURL!)}>
                          {top.label}
                        </Highlight>
                      )}
                    </Column>
                    {active && third.length > 0 && (
                      <Column data-testid="sub-header-third">
                        <ColumnTitle>{active.title}</ColumnTitle>
                        <ul>
                          {third.map((item) => (
                            <li key={item.title}>
                              <ColumnLink
                                to={item.titleURL ?? item.nextLevel?.[0]?.titleURL ?? '/'}
                                newTab={item.openInNewTab}
                                onClick={() => follow([top.title, active.title, item.title], item.titleURL ?? '/')}
                              >
                                {item.title}
                              </ColumnLink>
                            </li>
                          ))}
                        </ul>
                      </Column>
                    )}
                    {promo.subHeaderImage && (
                      <Promo
                        to={promo.titleURL ?? '/'}
                        newTab={promo.openInNewTab}
                        data-testid="sub-header-promo"
                        onClick={() => follow(promo === top ? [top.title] : [top.title, promo.title], promo.titleURL ?? '/')}
                      >
                        <img src={promo.subHeaderImage} alt={promo.title} width={640} height={400} />
                      </Promo>
                    )}
                  </Inner>
                </Dropdown>
              )}
            </Top>
          )
        })}
      </Tops>
    </Bar>
  )
}

const Bar = styled.nav`
  position: relative;
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.line};
  ${theme.media.belowNav} {
    display: none;
  }
`
const Tops = styled.ul`
  display: flex;
  gap: ${theme.space.xs};
  max-width: ${theme.layout.maxWidth};
  ${listReset}
  margin: 0 auto;
  padding: 0 ${theme.space.md};
`
const Top = styled.li``
const TopLink = styled(SiteLink)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${theme.space.md};
  border-bottom: 3px solid transparent;
  color: ${theme.colors.ink};
  font-weight: ${theme.font.weight.bold};
  font-size: ${theme.font.size.nav};
  text-decoration: none;
  &[aria-expanded='true'] {
    border-bottom-color: ${theme.colors.brand};
    color: ${theme.colors.brandDark};
  }
  ${focusRing({ inset: true })}
`
const Dropdown = styled.div`
  position: absolute;
  left: 0;
  right: 0;
  top: 100%;
  z-index: ${theme.zIndex.header + 1};
  background: ${theme.colors.surface};
  border-top: 1px solid ${theme.colors.line};
  box-shadow: ${theme.shadow.megaMenu};
`
const Inner = styled.div`
  display: flex;
  gap: ${theme.space.xl};
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${theme.space.lg} ${theme.space.xl};
`
const Column = styled.div`
  min-width: 220px;
  ul {
    ${listReset}
  }
`
const ColumnTitle = styled.p`
  margin: 0 0 ${theme.space.sm};
  color: ${theme.colors.inkSoft};
  font-size: ${theme.font.size.xs};
  font-weight: ${theme.font.weight.bold};
  letter-spacing: 1px;
  text-transform: uppercase;
`
const ColumnLink = styled(SiteLink)<{ $active?: boolean }>`
  display: flex;
  align-items: center;
  min-height: 36px;
  padding: 0 ${theme.space.sm};
  border-radius: ${theme.radius.sm};
  background: ${({ $active }) => ($active ? theme.colors.surfaceAlt : 'transparent')};
  color: ${({ $active }) => ($active ? theme.colors.brandDark : theme.colors.ink)};
  text-decoration: none;
  &:hover {
    background: ${theme.colors.surfaceAlt};
  }
  ${focusRing({ inset: true })}
`
const Highlight = styled(SiteLink)`
  display: inline-block;
  margin-top: ${theme.space.md};
  color: ${theme.colors.brandDark};
  font-weight: ${theme.font.weight.bold};
  font-size: ${theme.font.size.sm};
`
const Promo = styled(SiteLink)`
  margin-left: auto;
  img {
    display: block;
    width: 384px;
    height: auto;
    border-radius: ${theme.radius.md};
  }
  ${focusRing()}
`
