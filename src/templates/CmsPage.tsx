import { graphql, type HeadProps, type PageProps } from 'gatsby'
import styled from 'styled-components'
import { cmsAppPagePath, cmsPagePath } from '../../cms/paths'
import type { CmsPage as CmsPageData } from '../../cms/schema/pages'
import { cmsEntry, type CmsEntryResult } from '../cms/content'
import type { ProductSummary } from '../domain/types'
import { CmsSections } from '../components/sections/CmsSections'
import { Layout } from '../components/sections/Layout'
import { Breadcrumbs } from '../components/sections/staticSections'
import { SeoHead } from '../components/ui/SeoHead'
import type { PageType } from '../domain/pageType'
import { theme } from '../config/theme'

interface Context {
  slug: string
  /** The app variant: the same content without the page frame (req LAYOUT-02). */
  app: boolean
  shelves: (ProductSummary[] | null)[]
}

type Data = CmsEntryResult<CmsPageData>

const pageOf = (data: Data, slug: string): CmsPageData => cmsEntry('pages', slug, data)

const pageTypeOf = (page: CmsPageData): PageType => (page.kind === 'institutional' ? 'institutional' : 'other')

export function Head({ data, pageContext }: HeadProps<Data, Context>) {
  const page = pageOf(data, pageContext.slug)
  // The app variant is the same text: search engines are sent to the site's own page.
  return <SeoHead title={page.title} description={page.description} path={cmsPagePath(page.slug)} pageType={pageTypeOf(page)} noindex={pageContext.app} />
}

export default function CmsPage({ data, pageContext }: PageProps<Data, Context>) {
  const page = pageOf(data, pageContext.slug)
  const body = (
    <>
      {!pageContext.app && page.layout === 'main' && <Breadcrumbs trail={[{ name: page.heading, item: cmsPagePath(page.slug) }]} />}
      <Heading data-testid="cms-page-title">{page.heading}</Heading>
      <CmsSections sections={page.sections} shelves={pageContext.shelves} />
    </>
  )
  if (pageContext.app) {
    return (
      <Layout variant="bare">
        <AppBody data-testid="app-page" data-path={cmsAppPagePath(page.slug)}>
          {body}
        </AppBody>
      </Layout>
    )
  }
  return <Layout variant={page.layout}>{page.layout === 'full-width' ? <Wide>{body}</Wide> : body}</Layout>
}

const Heading = styled.h1`
  margin: 0 0 ${theme.space.lg};
  font-size: ${theme.font.size.xl};
`
const AppBody = styled.div`
  padding: ${theme.space.md};
`
const Wide = styled.div`
  padding: ${theme.space.md};
  ${theme.media.nav} {
    padding: ${theme.space.lg} ${theme.space.xl};
  }
`

export const query = graphql`
  query CmsPage($slug: String!) {
    cmsEntry(file: { eq: "pages" }, slug: { eq: $slug }) {
      data
    }
  }
`
