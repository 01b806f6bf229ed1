/**
 * One dropdown of the desktop sub-header (req FRAME-04): the second level, a third
 * column following the hovered second-level item, and a promotional image that
 * follows the hovered item. A chunk of its own, loaded when a dropdown first
 * opens (SubHeader).
 */
import styled from 'styled-components'
import { focusRing } from '../../ui/focusRing'
import { listReset } from '../../ui/listReset'
import { MenuTag } from '../../ui/MenuTag'
import type { MenuItem } from '../../../../cms/schema/menu'
import { visibleItems } from '../../../sdk/navigation/drawer'
import { SiteLink } from '../../ui/SiteLink'
import { theme } from '../../../config/theme'

interface Props {
  top: MenuItem
  /** The index of the hovered second-level item, if any. */
  hovered: number | null
  onHover: (index: number) => void
  /** Called with the followed link's path of titles and its address. */
  follow: (path: string[], url: string) => void
}

export default function SubHeaderDropdown({ top, hovered, onHover, follow }: Props) {
  const second = visibleItems(top.nextLevel, 'desktop')
  const active = hovered === null ? undefined : second[hovered]
  const third = visibleItems(active?.nextLevel, 'desktop')
  const promo = active?.subHeaderImage && active.titleURL ? active : top
  return (
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
                  onMouseEnter={() => onHover(i)}
                  onFocus={() => onHover(i)}
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
  )
}

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
