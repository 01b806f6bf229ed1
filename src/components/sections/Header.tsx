import { graphql, Link, useStaticQuery } from 'gatsby'
import styled from 'styled-components'
import { focusRing } from '../ui/focusRing'
import { cmsData, type CmsContentResult } from '../../cms/content'
import { headerTexts } from '../../config/texts/header'
import { CartButton } from '../islands/cart/CartButton'
import { CategoryDrawer } from '../islands/navigation/CategoryDrawer'
import { AccountMenu, SearchBox, SubHeader } from '../islands/deferred'
import { Logo } from '../ui/Logo'
import { TopHeader } from './frame/TopHeader'
import { theme } from '../../config/theme'

/** Height of the first header row on narrow screens; the sticky offset hides exactly this row. */
const MOBILE_ROW = 56

interface FrameQuery {
  topHeader: CmsContentResult['cmsContent']
  menu: CmsContentResult['cmsContent']
  accountMenu: CmsContentResult['cmsContent']
}

/**
 * The page frame's top (req FRAME-01, FRAME-02, FRAME-03, FRAME-04): the black bar, the main
 * header (categories, logo, search, account, cart) and the desktop
 * sub-header. Below 1024 px the search box wraps to a row of its own and the
 * header sticks with a negative offset of the first row's height, so only
 * the search bar stays on screen while scrolling.
 */
export function Header() {
  const result = useStaticQuery<FrameQuery>(graphql`
    query FrameHeader {
      topHeader: cmsContent(name: { eq: "topHeader" }) {
        data
      }
      menu: cmsContent(name: { eq: "menu" }) {
        data
      }
      accountMenu: cmsContent(name: { eq: "accountMenu" }) {
        data
      }
    }
  `)
  const menu = cmsData('menu', { cmsContent: result.menu })
  return (
    <>
      <SkipLink href="#main">{headerTexts.skipToContent}</SkipLink>
      <TopHeader content={cmsData('topHeader', { cmsContent: result.topHeader })} />
      <Bar data-testid="header">
        <Inner>
          <CategoryDrawer menu={menu} />
          <HomeLink to="/" aria-label={headerTexts.home} data-testid="logo">
            <Logo />
          </HomeLink>
          <Search>
            <SearchBox />
          </Search>
          <Actions>
            <AccountMenu links={cmsData('accountMenu', { cmsContent: result.accountMenu }).privateLinks} />
            <CartButton />
          </Actions>
        </Inner>
      </Bar>
      <SubHeader menu={menu} />
    </>
  )
}

const SkipLink = styled.a`
  position: absolute;
  left: ${theme.space.md};
  top: -60px;
  z-index: ${theme.zIndex.toast};
  padding: ${theme.space.sm} ${theme.space.md};
  background: ${theme.colors.ink};
  color: ${theme.colors.inverse};
  &:focus {
    top: ${theme.space.sm};
  }
`
const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndex.header};
  background: ${theme.colors.surface};
  border-bottom: 1px solid ${theme.colors.line};
  ${theme.media.belowNav} {
    top: -${MOBILE_ROW}px;
    box-shadow: ${theme.shadow.bar};
  }
`
const Inner = styled.div`
  display: grid;
  grid-template-columns: auto auto minmax(0, 1fr) auto;
  grid-template-areas: 'drawer logo search actions';
  align-items: center;
  column-gap: ${theme.space.md};
  max-width: ${theme.layout.maxWidth};
  min-height: 72px;
  margin: 0 auto;
  padding: 0 ${theme.space.md};
  ${theme.media.belowNav} {
    grid-template-columns: auto auto minmax(0, 1fr) auto;
    grid-template-rows: ${MOBILE_ROW}px auto;
    grid-template-areas:
      'drawer logo . actions'
      'search search search search';
    column-gap: ${theme.space.xs};
    padding: 0 ${theme.space.sm};
  }
`
const HomeLink = styled(Link)`
  grid-area: logo;
  display: inline-flex;
  text-decoration: none;
  ${focusRing()}
`
const Search = styled.div`
  grid-area: search;
  display: flex;
  justify-content: center;
  min-width: 0;
  /* The search box, inside the box of its deferred island (display: contents). */
  > [data-island] > * {
    max-width: ${theme.layout.searchMaxWidth};
  }
  ${theme.media.belowNav} {
    padding: 0 0 ${theme.space.sm};
    > [data-island] > * {
      max-width: none;
    }
  }
`
const Actions = styled.div`
  grid-area: actions;
  display: flex;
  align-items: center;
  gap: ${theme.space.xs};
`
