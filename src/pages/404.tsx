import type { PageProps } from 'gatsby'
import { ErrorPage, fromParameter } from '../components/sections/ErrorPage'
import { Layout } from '../components/sections/Layout'
import { pagesTexts } from '../config/texts/pages'

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
  return (
    <Layout>
      <ErrorPage code="404" title={pagesTexts.notFoundTitle} body={pagesTexts.notFoundBody} from={fromParameter(location.search)} />
    </Layout>
  )
}
