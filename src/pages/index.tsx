import { graphql, type HeadProps, type PageProps } from 'gatsby'
import styled from 'styled-components'
import { cmsData, type CmsContentResult } from '../cms/content'
import type { ProductSummary } from '../domain/types'
import { CmsSections } from '../components/sections/CmsSections'
import { Layout } from '../components/sections/Layout'
import { SeoHead } from '../components/ui/SeoHead'

interface Context {
  /** Product shelves of cms/home.json, filled by the build (gatsby-node onCreatePage). */
  shelves?: (ProductSummary[] | null)[]
}

export function Head({ data }: HeadProps<CmsContentResult>) {
  const home = cmsData('home', data)
  const hero = home.sections.find((s) => s.type === 'hero')
  return <SeoHead title={home.title} description={home.description} path="/" pageType="home" image={hero?.type === 'hero' ? hero.image : undefined} />
}

export default function HomePage({ data, pageContext }: PageProps<CmsContentResult, Context>) {
  const home = cmsData('home', data)
  return (
    <Layout>
      <Heading>{home.heading}</Heading>
      <CmsSections sections={home.sections} shelves={pageContext.shelves ?? []} />
    </Layout>
  )
}

/** Visually hidden: the hero speaks for the page; the heading names it for screen readers and search engines. */
const Heading = styled.h1.attrs({ className: 'visually-hidden' })``

export const query = graphql`
  query HomePage {
    cmsContent(name: { eq: "home" }) {
      data
    }
  }
`
