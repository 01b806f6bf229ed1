import { graphql, Link, type PageProps } from 'gatsby'
import { useEffect } from 'react'
import styled from 'styled-components'
import { ProductListing } from '../components/islands/deferred'
import { CategoryLinks } from '../components/sections/CategoryLinks'
import { Layout } from '../components/sections/Layout'
import { SeoHead } from '../components/ui/SeoHead'
import { searchTexts } from '../config/texts/search'
import { parseSearchState } from '../domain/search/state'
import { servedOnServer, servedPageHydrated, takeServed } from '../sdk/search/served'
import { recordNativeSubmission } from '../sdk/search/submit'
import { useHydrated } from '../sdk/core/useHydrated'
import { theme } from '../config/theme'
import { paths } from '../config/paths'

interface Data {
  categories: { nodes: { name: string; slug: string }[] }
}

export function Head() {
  return <SeoHead title={searchTexts.titleEmpty} description={searchTexts.prompt} path="/s" pageType="search" noindex />
}

/**
 * The search page. Built without a query, it shows the prompt; with one, the production server renders
 * it with the first page of results (serve/searchPage.ts, req SEARCH-13), given here as `serverData`
 * and embedded in the page for the browser. Reading that answer may wait for the parser's chunk, which
 * the browser asks for as it starts (src/sdk/search/servedParser.ts): the page's hydration, a transition,
 * waits for it with the server's HTML on screen. There is no Suspense boundary around the results: one in
 * the server's HTML hydrates last, at idle priority, and a panel opened before then would make React drop
 * the results and render them again (React error 421).
 */
export default function SearchPage({ data, location, serverData }: PageProps<Data, object, unknown, unknown>) {
  return (
    <Layout>
      <SearchContent categories={data.categories.nodes} location={location} serverData={serverData} />
    </Layout>
  )
}

interface ContentProps {
  categories: Data['categories']['nodes']
  location: { pathname: string; search: string }
  serverData: unknown
}

function SearchContent({ categories: categoryNodes, location, serverData }: ContentProps) {
  const served = typeof document === 'undefined' ? servedOnServer(serverData) : takeServed(`${location.pathname}${location.search}`)
  const hydrated = useHydrated()
  // A search submitted before the box hydrated reaches the history here, once (src/sdk/search/submit.ts).
  useEffect(() => void recordNativeSubmission(), [])
  useEffect(servedPageHydrated, [])
  const term = hydrated ? parseSearchState(`${location.pathname}${location.search}`).term : (served?.state.term ?? null)
  const categories = <CategoryLinks title={searchTexts.browse} categories={categoryNodes} />
  return (
    <>
      <Title data-testid="search-title">{term ? searchTexts.title(term) : searchTexts.titleEmpty}</Title>
      {hydrated && !term && !new URLSearchParams(location.search).get('facets') ? (
        <>
          <p>{searchTexts.prompt}</p>
          {categories}
        </>
      ) : (
        <ProductListing
          location={location}
          served={served}
          empty={(results) => (
            <Empty data-testid="search-empty">
              <h2>{searchTexts.noResults(term ?? '')}</h2>
              {results.alternatives?.length ? (
                <nav aria-labelledby="search-alternatives">
                  <h3 id="search-alternatives">{searchTexts.alternativesTitle}</h3>
                  <Alternatives data-testid="search-alternatives">
                    {results.alternatives.map((alternative) => (
                      <li key={alternative}>
                        <Link to={paths.search(alternative)}>{alternative}</Link>
                      </li>
                    ))}
                  </Alternatives>
                </nav>
              ) : null}
              <h3>{searchTexts.tipsTitle}</h3>
              <ul>
                {searchTexts.tips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
              {categories}
            </Empty>
          )}
        />
      )}
    </>
  )
}

const Title = styled.h1`
  margin: 0 0 ${theme.space.md};
  font-size: ${theme.font.size.xl};
`
const Alternatives = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  margin: 0 0 ${theme.space.md};
  padding: 0;
  list-style: none;
  a {
    display: inline-block;
    padding: ${theme.space.xs} ${theme.space.md};
    border: 1px solid ${theme.colors.lineStrong};
    border-radius: ${theme.radius.pill};
    background: ${theme.colors.surface};
    color: ${theme.colors.ink};
    text-decoration: none;
    min-height: 44px;
    line-height: 32px;
  }
  a:hover,
  a:focus-visible {
    border-color: ${theme.colors.brand};
  }
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
