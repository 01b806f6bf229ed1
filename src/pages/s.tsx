import { graphql, type PageProps } from 'gatsby'
import { useEffect } from 'react'
import styled from 'styled-components'
import { ProductListing } from '../components/islands/search/ProductListing'
import { CategoryLinks } from '../components/sections/CategoryLinks'
import { Layout } from '../components/sections/Layout'
import { SeoHead } from '../components/ui/SeoHead'
import { texts } from '../config/texts'
import { parseSearchState } from '../domain/search/state'
import { recordNativeSubmission } from '../sdk/search/submit'
import { useHydrated } from '../sdk/core/useHydrated'
import { theme } from '../config/theme'

interface Data {
  categories: { nodes: { name: string; slug: string }[] }
}

export function Head() {
  return <SeoHead title={texts.search.titleEmpty} description={texts.search.prompt} path="/s" pageType="search" noindex />
}

export default function SearchPage({ data, location }: PageProps<Data>) {
  const hydrated = useHydrated()
  // A search submitted before the box hydrated reaches the history here, once (src/sdk/search/submit.ts).
  useEffect(() => void recordNativeSubmission(), [])
  const term = hydrated ? parseSearchState(`${location.pathname}${location.search}`).term : null
  const categories = <CategoryLinks title={texts.search.browse} categories={data.categories.nodes} />
  return (
    <Layout>
      <Title data-testid="search-title">{term ? texts.search.title(term) : texts.search.titleEmpty}</Title>
      {hydrated && !term && !new URLSearchParams(location.search).get('facets') ? (
        <>
          <p>{texts.search.prompt}</p>
          {categories}
        </>
      ) : (
        <ProductListing
          location={location}
          empty={
            <Empty data-testid="search-empty">
              <h2>{texts.search.noResults(term ?? '')}</h2>
              <h3>{texts.search.tipsTitle}</h3>
              <ul>
                {texts.search.tips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
              {categories}
            </Empty>
          }
        />
      )}
    </Layout>
  )
}

const Title = styled.h1`
  margin: 0 0 ${theme.space.md};
  font-size: ${theme.font.size.xl};
`
const Empty = styled.div`
  padding: ${theme.space.lg};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
  h2 {
    margin-top: 0;
  }
  h3 {
    font-size: ${theme.font.size.md};
  }
`

export const query = graphql`
  query SearchPage {
    categories: allCategory(filter: { level: { eq: 1 } }, sort: { position: ASC }) {
      nodes {
        name
        slug
      }
    }
  }
`

