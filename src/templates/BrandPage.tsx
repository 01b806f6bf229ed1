import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { useMemo } from 'react'
import styled from 'styled-components'
import type { SearchResults } from '../domain/search/query'
import { ProductListing } from '../components/islands/deferred'
import { Layout } from '../components/sections/Layout'
import { Breadcrumbs } from '../components/sections/staticSections'
import { breadcrumbJsonLd, SeoHead } from '../components/ui/SeoHead'
import { paths } from '../config/paths'
import { productTexts } from '../config/texts/product'
import { brandTexts } from '../config/texts/brand'
import { theme } from '../config/theme'

interface Data {
  brand: { name: string; slug: string; privateLabel: boolean }
}

interface Context {
  slug: string
  prerendered: SearchResults
}

export function Head({ data }: HeadProps<Data, Context>) {
  const { brand } = data
  return (
    <SeoHead
      title={brandTexts.title(brand.name)}
      description={brandTexts.intro(brand.name)}
      path={paths.brand(brand.slug)}
      pageType="brand"
      jsonLd={[breadcrumbJsonLd([{ name: brand.name, item: paths.brand(brand.slug) }])]}
    />
  )
}

export default function BrandPage({ data, pageContext, location }: PageProps<Data, Context>) {
  const { brand } = data
  const fixed = useMemo(() => [{ key: 'brand', value: pageContext.slug }], [pageContext.slug])
  return (
    <Layout>
      <Breadcrumbs trail={[{ name: brand.name, item: paths.brand(brand.slug) }]} />
      <Title data-testid="brand-title">{brandTexts.title(brand.name)}</Title>
      {brand.privateLabel && <Badge>{productTexts.privateLabel}</Badge>}
      <Intro>{brandTexts.intro(brand.name)}</Intro>
      <ProductListing location={location} fixed={fixed} prerendered={pageContext.prerendered} hiddenFacets={['brand']} />
    </Layout>
  )
}

const Title = styled.h1`
  margin: 0 0 ${theme.space.sm};
  font-size: ${theme.font.size.xl};
`
const Badge = styled.span`
  display: inline-block;
  margin-bottom: ${theme.space.sm};
  padding: 2px ${theme.space.sm};
  border-radius: ${theme.radius.sm};
  background: ${theme.colors.ink};
  color: ${theme.colors.inverse};
  font-size: ${theme.font.size.xs};
  text-transform: uppercase;
`
const Intro = styled.p`
  margin: 0 0 ${theme.space.lg};
  color: ${theme.colors.inkSoft};
`

export const query = graphql`
  query BrandPage($slug: String!) {
    brand(slug: { eq: $slug }) {
      name
      slug
      privateLabel
    }
  }
`
