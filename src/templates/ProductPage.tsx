import { graphql, Link, type HeadProps, type PageProps } from 'gatsby'
import styled from 'styled-components'
import { fromProductNode, type ProductNode } from '../commerce/nodes'
import { ProductBuyBox } from '../components/islands/ProductBuyBox'
import { Layout } from '../components/sections/Layout'
import { ProductImage } from '../components/ui/ProductImage'
import { texts } from '../config/texts'

interface Data {
  product: ProductNode
}

export function Head({ data }: HeadProps<Data>) {
  return (
    <>
      <html lang="it" />
      <title>{`${data.product.name} | Zampa`}</title>
      <meta name="description" content={data.product.description.slice(0, 155)} />
    </>
  )
}

export default function ProductPage({ data }: PageProps<Data>) {
  const product = fromProductNode(data.product)
  const image = product.hasVariant[0]?.image[0]
  return (
    <Layout>
      <Crumbs aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          {product.breadcrumbList.slice(0, -1).map((crumb) => (
            <li key={crumb.item}>
              <Link to={crumb.item}>{crumb.name}</Link>
            </li>
          ))}
        </ol>
      </Crumbs>
      <Grid>
        <Gallery>{image && <ProductImage image={image} width={560} breakpoints={[320, 560, 1120]} loading="eager" />}</Gallery>
        <Info>
          <Brand>
            {texts.product.brand}: {product.brand.name}
          </Brand>
          <h1 data-testid="product-name">{product.name}</h1>
          <ProductBuyBox product={product} />
          <p>{product.description}</p>
        </Info>
      </Grid>
    </Layout>
  )
}

const Crumbs = styled.nav`
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0 0 ${({ theme }) => theme.space.md};
    padding: 0;
    list-style: none;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  li + li::before {
    content: '›';
    margin-right: ${({ theme }) => theme.space.sm};
  }
`
const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.lg};
  background: ${({ theme }) => theme.colors.surface};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  ${({ theme }) => theme.media.nav} {
    grid-template-columns: minmax(0, 560px) 1fr;
    padding: ${({ theme }) => theme.space.xl};
  }
`
const Gallery = styled.div`
  max-width: 560px;
`
const Info = styled.div`
  h1 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.font.size.xl};
    line-height: 1.2;
  }
`
const Brand = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.font.size.sm};
  text-transform: uppercase;
`

export const query = graphql`
  query ProductPage($slug: String!) {
    product(slug: { eq: $slug }) {
      ...ProductFields
    }
  }
`
