import { graphql, type HeadProps, type PageProps } from 'gatsby'
import { useMemo } from 'react'
import styled from 'styled-components'
import type { SearchResults } from '../domain/search/query'
import { ProductListing } from '../components/islands/deferred'
import { CategoryLinks } from '../components/sections/CategoryLinks'
import { Layout } from '../components/sections/Layout'
import { Breadcrumbs } from '../components/sections/staticSections'
import { breadcrumbJsonLd, SeoHead } from '../components/ui/SeoHead'
import { paths } from '../config/paths'
import { listingTexts } from '../config/texts/listing'
import { categoryTexts } from '../config/texts/category'
import { categoryFacets } from '../domain/search/state'
import { theme } from '../config/theme'

interface Data {
  category: { name: string; slug: string; path: { name: string; slug: string }[] }
  children: { nodes: { name: string; slug: string }[] }
}

interface Context {
  categoryId: string
  slug: string
  /** The default view (score_desc, page 0, no filter), from the same search the browser asks later. */
  prerendered: SearchResults
}

export function Head({ data, pageContext }: HeadProps<Data, Context>) {
  const { category } = data
  const trail = category.path.map((c) => ({ name: c.name, item: paths.category(c.slug) }))
  return (
    <SeoHead
      title={category.name}
      description={`${category.name}: ${listingTexts.results(pageContext.prerendered.total)} con consegna a domicilio o ritiro in negozio.`}
      path={paths.category(category.slug)}
      pageType="productList"
      jsonLd={[breadcrumbJsonLd(trail)]}
    />
  )
}

export default function CategoryPage({ data, pageContext, location }: PageProps<Data, Context>) {
  const { category, children } = data
  const fixed = useMemo(() => categoryFacets(pageContext.slug), [pageContext.slug])
  return (
    <Layout>
      <Breadcrumbs trail={category.path.map((c) => ({ name: c.name, item: paths.category(c.slug) }))} />
      <Title data-testid="category-title">{category.name}</Title>
      <CategoryLinks title={categoryTexts.subcategories} categories={children.nodes} />
      <ProductListing location={location} fixed={fixed} prerendered={pageContext.prerendered} empty={<p>{categoryTexts.empty}</p>} />
    </Layout>
  )
}

const Title = styled.h1`
  margin: 0 0 ${theme.space.sm};
  font-size: ${theme.font.size.xl};
`

export const query = graphql`
  query CategoryPage($categoryId: String!) {
    category(categoryId: { eq: $categoryId }) {
      name
      slug
      path {
        name
        slug
      }
    }
    children: allCategory(filter: { parentId: { eq: $categoryId } }, sort: { position: ASC }) {
      nodes {
        name
        slug
      }
    }
  }
`
