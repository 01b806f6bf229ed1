/**
 * The desktop sub-header (req FRAME-04, from 1024 px): one dropdown per top-level
 * category placed by its subHeaderPosition, with the second level, a third
 * column following the hovered second-level item, and a promotional image
 * that follows the hovered item and links to its URL. Pointer and keyboard
 * focus open a dropdown; leaving it or Escape closes it. The dropdowns
 * (SubHeaderDropdown) are fetched on the first opening, or before at the
 * browser's idle time through a prefetch hint, and are never part of the first load.
 */
import { lazy, Suspense, useState, type FocusEvent } from 'react'
import styled from 'styled-components'
import { focusRing } from '../../ui/focusRing'
import { listReset } from '../../ui/listReset'
import type { MenuItem } from '../../../../cms/schema/menu'
import type { CmsData } from '../../../cms/content'
import { headerTexts } from '../../../config/texts/header'
import { track } from '../../../sdk/analytics/dataLayer'
import { visibleItems } from '../../../sdk/navigation/drawer'
import { SiteLink } from '../../ui/SiteLink'
import { theme } from '../../../config/theme'
import { textColor } from '../../ui/textColor'

const SubHeaderDropdown = lazy(() => import(/* webpackPrefetch: true */ './SubHeaderDropdown'))

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
    <Bar aria-label={headerTexts.subHeader} data-testid="sub-header" onKeyDown={(event) => event.key === 'Escape' && hide()}>
      <Tops>
        {items.map((top, index) => {
          const second = visibleItems(top.nextLevel, 'desktop')
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
                <Suspense fallback={null}>
                  <SubHeaderDropdown top={top} hovered={hovered} onHover={setHovered} follow={follow} />
                </Suspense>
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
