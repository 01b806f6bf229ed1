import { graphql, Link, type HeadProps, type PageProps } from 'gatsby'
import styled from 'styled-components'
import { fromProductNode, type ProductNode } from '../commerce/nodes'
import { CategoryLinks } from '../components/sections/CategoryLinks'
import { Layout } from '../components/sections/Layout'
import { ProductGrid } from '../components/sections/ProductGrid'
import { texts } from '../config/texts'

interface Data {
  category: { name: string; slug: string; path: { name: string; slug: string }[] }
  children: { nodes: { name: string; slug: string }[] }
  products: { totalCount: number; nodes: ProductNode[] }
}

export function Head({ data }: HeadProps<Data>) {
  return (
    <>
      <html lang="it" />
      <title>{`${data.category.name} | Zampa`}</title>
      <meta name="description" content={`${data.category.name}: ${data.products.totalCount} prodotti con ritiro in negozio.`} />
    </>
  )
}

export default function CategoryPage({ data }: PageProps<Data>) {
  const { category, children, products } = data
  return (
    <Layout>
      <Crumbs aria-label="Breadcrumb">
        <Link to="/">Home</Link>
        {category.path.slice(0, -1).map((crumb) => (
          <span key={crumb.slug}>
            {' › '}
            <Link to={`/${crumb.slug}`}>{crumb.name}</Link>
          </span>
        ))}
      </Crumbs>
      <h1 data-testid="category-title">{category.name}</h1>
      <p>{texts.category.products(products.totalCount)}</p>
      <CategoryLinks title={texts.category.subcategories} categories={children.nodes} />
      {products.nodes.length === 0 ? <p>{texts.category.empty}</p> : <ProductGrid products={products.nodes.map(fromProductNode)} />}
    </Layout>
  )
}

const Crumbs = styled.nav`
  font-size: ${({ theme }) => theme.font.size.sm};
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
    products: allProduct(filter: { categoryIds: { eq: $categoryId } }, sort: { name: ASC }, limit: 24) {
      totalCount
      nodes {
        ...ProductFields
      }
    }
  }
`
