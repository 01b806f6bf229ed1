import type { PageProps } from 'gatsby'
import { ErrorPage, fromParameter } from '../components/sections/ErrorPage'
import { Layout } from '../components/sections/Layout'
import { pagesTexts } from '../config/texts/pages'
import { useHydrated } from '../sdk/core/useHydrated'

export function Head() {
  return (
    <>
      <html lang="it" />
      <title>{`${pagesTexts.notFoundTitle} | Zampa`}</title>
      <meta name="robots" content="noindex" />
    </>
  )
}

export default function NotFoundPage({ location }: PageProps) {
  // The query string is the browser's alone: hydration renders the page as the build wrote it, then reads it.
  const from = useHydrated() ? fromParameter(location.search) : null
  return (
    <Layout>
      <ErrorPage code="404" title={pagesTexts.notFoundTitle} body={pagesTexts.notFoundBody} from={from} />
    </Layout>
  )
}
