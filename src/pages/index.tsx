import { graphql, type PageProps } from 'gatsby'
import { fromProductNode, type ProductNode } from '../commerce/nodes'
import { CategoryLinks } from '../components/sections/CategoryLinks'
import { Layout } from '../components/sections/Layout'
import { ProductGrid } from '../components/sections/ProductGrid'
import { texts } from '../config/texts'

interface Data {
  categories: { nodes: { name: string; slug: string }[] }
  featured: { nodes: ProductNode[] }
}

export function Head() {
  return (
    <>
      <html lang="it" />
      <title>Zampa | Tutto per i tuoi animali</title>
      <meta name="description" content="Alimenti, accessori e cure per cani, gatti e piccoli animali, con ritiro in negozio." />
    </>
  )
}

export default function HomePage({ data }: PageProps<Data>) {
  return (
    <Layout>
      <h1>{texts.home.title}</h1>
      <CategoryLinks title={texts.home.categories} categories={data.categories.nodes} />
      <h2>{texts.home.featured}</h2>
      <ProductGrid products={data.featured.nodes.map(fromProductNode)} />
    </Layout>
  )
}

export const query = graphql`
  query HomePage {
    categories: allCategory(filter: { level: { eq: 1 } }, sort: { position: ASC }) {
      nodes {
        name
        slug
      }
    }
    featured: allProduct(sort: [{ releaseDate: DESC }, { slug: ASC }], limit: 8) {
      nodes {
        ...ProductFields
      }
    }
  }
`
