import { Link } from 'gatsby'
import { Layout } from '../components/sections/Layout'

export function Head() {
  return (
    <>
      <html lang="it" />
      <title>Pagina non trovata | Zampa</title>
      <meta name="robots" content="noindex" />
    </>
  )
}

export default function NotFoundPage() {
  return (
    <Layout>
      <h1>Pagina non trovata</h1>
      <p>La pagina che cerchi non esiste o è stata spostata.</p>
      <Link to="/">Torna alla home page</Link>
    </Layout>
  )
}
