import { graphql, useStaticQuery } from 'gatsby'
import { lazy, Suspense, type ReactNode } from 'react'
import styled from 'styled-components'
import { focusRing } from '../ui/focusRing'
import { cmsData, type CmsContentResult, type CmsData } from '../../cms/content'
import { FooterAccordion } from '../islands/deferred'
import { staticSection } from '../shell/staticSection'
import { theme } from '../../config/theme'
import { useHydrated } from '../../sdk/core/useHydrated'
import { followFooterLink, footerRow, trackFooter } from './footerShared'

type BlocksModule = typeof import('./FooterBlocks')
// The static blocks' components reach the browser only as the chunk below (see staticSection).
const blocksOnServer: BlocksModule | null =
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require webpack leaves out of the browser's bundle, which an import could not be
  process.env.BUILD_STAGE === 'build-javascript' || process.env.BUILD_STAGE === 'develop' ? null : (require('./FooterBlocks') as BlocksModule)
const loadBlocks = () => import(/* webpackChunkName: "footer-blocks" */ './FooterBlocks')

/** The customer service and the apps: static, their links reported as the footer's. */
const FooterBlocks = staticSection('footer-blocks', blocksOnServer?.FooterBlocks ?? null, () => loadBlocks().then((m) => m.FooterBlocks), { onFollow: followFooterLink })
/** The payment methods, the business data and the legal links: static. */
const FooterBottom = staticSection('footer-bottom', blocksOnServer?.FooterBottom ?? null, () => loadBlocks().then((m) => m.FooterBottom))

/**
 * The smart banners show nothing until the browser has read which were closed, so the server renders none
 * and their code loads once the page has hydrated, out of the first load.
 */
const SmartBanners = lazy(() => import(/* webpackChunkName: "smart-banners" */ '../islands/banners/SmartBanners').then((m) => ({ default: m.SmartBanners })))

function LateSmartBanners({ banners }: { banners: CmsData<'smartBanners'>['banners'] }) {
  const hydrated = useHydrated()
  return hydrated ? (
    <Suspense fallback={null}>
      <SmartBanners banners={banners} />
    </Suspense>
  ) : null
}

interface FooterQuery {
  footer: CmsContentResult['cmsContent']
  smartBanners: CmsContentResult['cmsContent']
}

/** The footer of every page (req FOOTER-01, FOOTER-02, FOOTER-03) and the smart banners that sit at the bottom of it. */
export function Footer() {
  const result = useStaticQuery<FooterQuery>(graphql`
    query FrameFooter {
      footer: cmsContent(name: { eq: "footer" }) {
        data
      }
      smartBanners: cmsContent(name: { eq: "smartBanners" }) {
        data
      }
    }
  `)
  return (
    <FooterContent footer={cmsData('footer', { cmsContent: result.footer })}>
      <LateSmartBanners banners={cmsData('smartBanners', { cmsContent: result.smartBanners }).banners} />
    </FooterContent>
  )
}

/**
 * The accordion and the smart banners are islands; the rest is static. `children` go at the very end of the
 * footer (the smart banners and the room they take).
 */
export function FooterContent({ footer, children }: { footer: CmsData<'footer'>; children?: ReactNode }) {
  return (
    <Bar data-testid="footer">
      <Inner>
        <FooterAccordion sections={footer.sections} onFollow={trackFooter} />
        <FooterBlocks footer={footer} />
      </Inner>
      <FooterBottom footer={footer} />
      {children}
    </Bar>
  )
}

const Bar = styled.footer`
  margin-top: ${theme.space.xl};
  background: ${theme.colors.footer.background};
  color: ${theme.colors.footer.text};
  a {
    color: ${theme.colors.inverse};
  }
  a,
  button {
    ${focusRing({ color: theme.colors.footer.focus })}
  }
`
const Inner = styled.div`
  ${footerRow}
`
