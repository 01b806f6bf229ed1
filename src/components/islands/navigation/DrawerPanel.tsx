/** One level of the category drawer: its heading, its items and (main level) the top categories; state in `useDrawerLevel`. */
import type { Dispatch } from 'react'
import styled, { css } from 'styled-components'
import { focusRing } from '../../ui/focusRing'
import { listReset } from '../../ui/listReset'
import type { MenuItem } from '../../../../cms/schema/menu'
import type { CmsData } from '../../../cms/content'
import { drawerTexts } from '../../../config/texts/drawer'
import { hasChildren, hasLink, type DrawerAction, type DrawerLevel } from '../../../sdk/navigation/drawer'
import { useBrandFilter, useDrawerLevel } from '../../../sdk/navigation/useDrawerLevel'
import { SiteLink } from '../../ui/SiteLink'
import { MenuTag } from '../../ui/MenuTag'
import { theme } from '../../../config/theme'
import { textColor } from '../../ui/textColor'

interface Props {
  level: DrawerLevel
  panel: { parent: MenuItem | null; items: MenuItem[] }
  /** Titles of the selected items above this panel. */
  path: string[]
  selected: number | undefined
  desktop: boolean
  topCategory: CmsData<'menu'>['topCategory']
  dispatch: Dispatch<DrawerAction>
  onNavigate: () => void
}

export function DrawerPanel({ level, panel, path, selected, desktop, topCategory, dispatch, onNavigate }: Props) {
  const { parent, items } = panel
  const { follow, backProps, closeProps, parentProps, linkProps } = useDrawerLevel({ level, path, selected, desktop, dispatch, onNavigate })
  const headingId = `drawer-heading-${level}`

  return (
    <Panel aria-labelledby={headingId} data-testid={`drawer-panel-${level}`} $desktop={desktop}>
      <Top>
        {!desktop && level > 1 ? (
          <TextButton {...backProps} data-testid="drawer-back">
            <Chevron $back /> {drawerTexts.back}
          </TextButton>
        ) : (
          <span />
        )}
        {(level === 1 || !desktop) && (
          <TextButton {...closeProps} data-testid="drawer-close">
            {drawerTexts.close}
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
              <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </TextButton>
        )}
      </Top>
      <Heading id={headingId}>{parent ? parent.title : drawerTexts.title}</Heading>
      {parent?.showAll && hasLink(parent) && (
        <SeeAll to={parent.titleURL} newTab={parent.openInNewTab} onClick={() => follow(parent.title, parent.titleURL)} data-testid="drawer-see-all">
          {drawerTexts.seeAll}
        </SeeAll>
      )}
      {parent?.alphabeticalMenu ? (
        <BrandList items={items} onFollow={follow} />
      ) : (
        <>
          {parent && !desktop && <SubHeading>{drawerTexts.heading}</SubHeading>}
          <List>
            {items.map((item, index) => (
              <Row key={`${item.title}-${index}`} $separator={item.separator}>
                {hasChildren(item) ? (
                  <Entry as="button" {...parentProps(index)} $active={selected === index} data-testid="drawer-item">
                    <ItemText item={item} />
                    <Chevron />
                  </Entry>
                ) : (
                  <Entry as={SiteLink} to={item.titleURL} newTab={item.openInNewTab} data-testid="drawer-link" {...linkProps(item)}>
                    <ItemText item={item} />
                  </Entry>
                )}
              </Row>
            ))}
          </List>
          {parent?.label && parent.labelURL && (
            <Highlight to={parent.labelURL} onClick={() => follow(parent.label!, parent.labelURL!)}>
              {parent.label}
            </Highlight>
          )}
        </>
      )}
      {topCategory.length > 0 && (
        <TopCategories aria-label={drawerTexts.topCategories}>
          <SubHeading as="h3">{drawerTexts.topCategories}</SubHeading>
          <ul>
            {topCategory.map((link) => (
              <li key={link.titleURL}>
                <SiteLink
                  to={link.titleURL}
                  newTab={link.openInNewTab}
                  style={textColor(link.titleColor, theme.colors.surface)}
                  onClick={() => follow(link.title, link.titleURL)}
                  data-testid="drawer-top-category"
                >
                  {link.title}
                </SiteLink>
              </li>
            ))}
          </ul>
        </TopCategories>
      )}
    </Panel>
  )
}

function ItemText({ item }: { item: MenuItem }) {
  return (
    <Texts>
      <span>
        {item.logoImage ? (
          <img src={item.logoImage} alt={item.title} height={28} width={109} />
        ) : (
          <Title style={textColor(item.titleColor, theme.colors.surface)}>{item.title}</Title>
        )}
        {item.tag && <Tag tag={item.tag} color={item.tagColor} />}
      </span>
      {item.subtitle && <Subtitle style={textColor(item.subtitleColor, theme.colors.surface)}>{item.subtitle}</Subtitle>}
    </Texts>
  )
}

/** The alphabetical brand level: a first-letters filter over brands grouped by initial. */
function BrandList({ items, onFollow }: { items: MenuItem[]; onFollow: (title: string, url: string) => void }) {
  const { groups, inputProps } = useBrandFilter(items)
  return (
    <>
      <Filter>
        <label htmlFor="brand-filter" className="visually-hidden">
          {drawerTexts.brandFilterLabel}
        </label>
        <input
          id="brand-filter"
          type="text"
          inputMode="search"
          autoComplete="off"
          pattern="[A-Za-zÀ-ÿ0-9 '’&.\-]*"
          placeholder={drawerTexts.brandFilter}
          {...inputProps}
          data-testid="brand-filter"
        />
      </Filter>
      {groups.length === 0 && <Empty role="status">{drawerTexts.noBrands}</Empty>}
      {groups.map((group) => (
        <section key={group.initial} aria-labelledby={`brand-initial-${group.initial}`} data-testid="brand-group">
          <Initial id={`brand-initial-${group.initial}`}>{group.initial}</Initial>
          <List>
            {group.items.map((item) => (
              <Row key={item.title} $separator={false}>
                <Entry as={SiteLink} to={item.titleURL} newTab={item.openInNewTab} data-testid="brand-link" onClick={() => onFollow(item.title, item.titleURL)}>
                  <ItemText item={item} />
                </Entry>
              </Row>
            ))}
          </List>
        </section>
      ))}
    </>
  )
}

function Chevron({ $back = false }: { $back?: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false" style={$back ? { transform: 'rotate(180deg)' } : undefined}>
      <path d="M6 3l5 5-5 5" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

const Panel = styled.section<{ $desktop: boolean }>`
  display: flex;
  flex-direction: column;
  flex: 0 1 360px;
  min-width: 0;
  height: 100%;
  overflow-y: auto;
  overscroll-behavior: contain;
  background: ${theme.colors.surface};
  border-right: 1px solid ${theme.colors.line};
  padding-bottom: ${theme.space.lg};
  ${({ $desktop }) =>
    $desktop
      ? css`
          width: 360px;
          min-width: 280px;
        `
      : css`
          width: 100%;
        `}
`
const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  min-height: 52px;
  padding: 0 ${theme.space.sm};
  border-bottom: 1px solid ${theme.colors.line};
`
const TextButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 0 ${theme.space.sm};
  border: 0;
  background: none;
  color: ${theme.colors.ink};
  font-size: ${theme.font.size.sm};
  font-weight: ${theme.font.weight.bold};
  cursor: pointer;
  ${focusRing({ inset: true })}
`
const Heading = styled.h2`
  margin: ${theme.space.md} ${theme.space.md} ${theme.space.sm};
  font-size: ${theme.font.size.lg};
`
const SubHeading = styled.h3`
  margin: ${theme.space.md} ${theme.space.md} ${theme.space.xs};
  color: ${theme.colors.inkSoft};
  font-size: ${theme.font.size.xs};
  letter-spacing: 1px;
  text-transform: uppercase;
`
const SeeAll = styled(SiteLink)`
  margin: 0 ${theme.space.md} ${theme.space.sm};
  color: ${theme.colors.brandDark};
  font-weight: ${theme.font.weight.bold};
  font-size: ${theme.font.size.sm};
  ${focusRing({ inset: true })}
`
const Highlight = styled(SiteLink)`
  margin: ${theme.space.md};
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.brandSoft};
  color: ${theme.colors.brandDark};
  font-weight: ${theme.font.weight.bold};
  font-size: ${theme.font.size.sm};
  text-decoration: none;
  ${focusRing({ inset: true })}
`
const List = styled.ul`
  ${listReset}
`
const Row = styled.li<{ $separator: boolean }>`
  ${({ $separator }) =>
    $separator &&
    css`
      margin-top: ${theme.space.sm};
      border-top: 1px solid ${theme.colors.line};
      padding-top: ${theme.space.sm};
    `}
`
const Entry = styled.a<{ $active?: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
  width: 100%;
  min-height: 48px;
  padding: 10px ${theme.space.md};
  border: 0;
  border-left: 3px solid transparent;
  background: ${({ $active }) => ($active ? theme.colors.surfaceAlt : 'transparent')};
  border-left-color: ${({ $active }) => ($active ? theme.colors.brand : 'transparent')};
  color: ${theme.colors.ink};
  font: inherit;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceAlt};
  }
  ${focusRing({ inset: true })}
`
const Texts = styled.span`
  display: flex;
  flex-direction: column;
  gap: 2px;
  img {
    display: block;
    height: 28px;
    width: auto;
  }
`
const Title = styled.span`
  font-size: ${theme.font.size.nav};
  font-weight: ${theme.font.weight.semibold};
`
const Subtitle = styled.span`
  color: ${theme.colors.inkSoft};
  font-size: ${theme.font.size.xs};
`
const Tag = styled(MenuTag)`
  display: inline-block;
  vertical-align: 2px;
`
const Filter = styled.div`
  padding: ${theme.space.sm} ${theme.space.md};
  input {
    width: 100%;
    min-height: 44px;
    padding: 0 ${theme.space.md};
    border: 1px solid ${theme.colors.lineStrong};
    border-radius: ${theme.radius.pill};
    font: inherit;
  }
  input {
    ${focusRing()}
  }
`
const Initial = styled.h3`
  margin: ${theme.space.sm} 0 0;
  padding: 4px ${theme.space.md};
  background: ${theme.colors.surfaceAlt};
  color: ${theme.colors.brandDark};
  font-size: ${theme.font.size.sm};
`
const Empty = styled.p`
  margin: ${theme.space.md};
  color: ${theme.colors.inkSoft};
`
const TopCategories = styled.nav`
  margin-top: auto;
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colors.line};
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: ${theme.space.sm};
    ${listReset}
    padding: ${theme.space.sm} ${theme.space.md};
  }
  a {
    display: inline-block;
    padding: 6px 12px;
    border: 1px solid ${theme.colors.line};
    border-radius: ${theme.radius.pill};
    font-size: ${theme.font.size.sm};
    text-decoration: none;
    ${focusRing()}
  }
`
