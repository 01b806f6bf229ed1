import type { PageProps } from 'gatsby'
import { ErrorPage, fromParameter } from '../components/sections/ErrorPage'
import { Layout } from '../components/sections/Layout'
import { Button } from '../components/ui/Button'
import { pagesTexts } from '../config/texts/pages'
import { useHydrated } from '../sdk/core/useHydrated'
import { sitePath } from '../domain/url'

export function Head() {
  return (
    <>
      <html lang="it" />
      <title>{`${pagesTexts.serverErrorTitle} | Zampa`}</title>
      <meta name="robots" content="noindex" />
    </>
  )
}

/** Where render errors land (/500?from=…&errorId=unknown) and Gatsby's loader sends a page-data 500. */
export default function ServerErrorPage({ location }: PageProps) {
  // The query string is the browser's alone: hydration renders the page as the build wrote it, then reads it.
  const from = useHydrated() ? fromParameter(location.search) : null
  // Linked only when it is a path of this site: `from` comes from whoever wrote the link.
  const retry = sitePath(from)
  return (
    <Layout>
      <ErrorPage
        code="500"
        title={pagesTexts.serverErrorTitle}
        body={pagesTexts.serverErrorBody}
        from={from}
        actions={
          retry && (
            <Button as="a" href={retry} $variant="secondary">
              {pagesTexts.retry}
            </Button>
          )
        }
      />
    </Layout>
  )
}
