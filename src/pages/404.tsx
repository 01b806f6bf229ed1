import type { PageProps } from 'gatsby'
import { ErrorPage, fromParameter } from '../components/sections/ErrorPage'
import { Layout } from '../components/sections/Layout'
import { texts } from '../config/texts'

export function Head() {
  return (
    <>
      <html lang="it" />
      <title>{`${texts.pages.notFoundTitle} | Zampa`}</title>
      <meta name="robots" content="noindex" />
    </>
  )
}

export default function NotFoundPage({ location }: PageProps) {
  return (
    <Layout>
      <ErrorPage code="404" title={texts.pages.notFoundTitle} body={texts.pages.notFoundBody} from={fromParameter(location.search)} />
    </Layout>
  )
}
