import { graphql, Link, type HeadProps, type PageProps } from 'gatsby'
import styled from 'styled-components'
import { flyerIsBare, flyerPath } from '../../cms/paths'
import type { Flyer } from '../../cms/schema/flyers'
import { cmsEntry, type CmsEntryResult } from '../cms/content'
import type { ProductSummary } from '../domain/types'
import { CmsSections } from '../components/sections/CmsSections'
import { Layout } from '../components/sections/Layout'
import { Logo } from '../components/ui/Logo'
import { highPriority } from '../components/ui/ProductImage'
import { SeoHead } from '../components/ui/SeoHead'
import { headerTexts } from '../config/texts/header'
import { flyerTexts } from '../config/texts/flyer'
import { theme } from '../config/theme'

interface Context {
  slug: string
  shelves: (ProductSummary[] | null)[]
}

type Data = CmsEntryResult<Flyer>

const flyerOf = (data: Data, slug: string): Flyer => cmsEntry('flyers', slug, data)

const italianDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('it-IT', { day: 'numeric', month: 'long', timeZone: 'Europe/Rome' })

export function Head({ data, pageContext }: HeadProps<Data, Context>) {
  const flyer = flyerOf(data, pageContext.slug)
  return <SeoHead title={flyer.title} description={flyer.description} path={flyerPath(flyer.slug)} pageType="flyer" image={flyer.cover.image} />
}

/** A flyer: cover, validity and shelves of offers. Fullscreen or mobile with noLayout renders bare (req LAYOUT-02). */
export default function FlyerPage({ data, pageContext }: PageProps<Data, Context>) {
  const flyer = flyerOf(data, pageContext.slug)
  const bare = flyerIsBare(flyer)
  const variant = bare ? 'bare' : flyer.template === 'fullscreen' ? 'full-width' : 'main'
  return (
    <Layout variant={variant}>
      <Body $template={flyer.template} data-testid="flyer" data-template={flyer.template} data-bare={bare}>
        {bare && (
          <BareTop>
            <Link to="/" aria-label={headerTexts.home}>
              <Logo />
            </Link>
          </BareTop>
        )}
        <Cover>
          <img src={flyer.cover.image} alt={flyer.cover.alt} width={1200} height={500} {...highPriority(true)} />
        </Cover>
        <Heading data-testid="flyer-title">{flyer.heading}</Heading>
        <Validity>{flyerTexts.validity(italianDate(flyer.validFrom), italianDate(flyer.validTo))}</Validity>
        <CmsSections sections={flyer.shelves} shelves={pageContext.shelves} eagerFirst={false} />
      </Body>
    </Layout>
  )
}

const Body = styled.div<{ $template: Flyer['template'] }>`
  margin: 0 auto;
  max-width: ${({ $template }) => ($template === 'mobile' ? '480px' : $template === 'fullscreen' ? 'none' : theme.layout.maxWidth)};
  padding: ${theme.space.md};
  ${theme.media.nav} {
    padding: ${({ $template }) => ($template === 'fullscreen' ? `${theme.space.lg} ${theme.space.xl}` : theme.space.md)};
  }
`
const BareTop = styled.div`
  display: flex;
  justify-content: center;
  padding-bottom: ${theme.space.md};
`
const Cover = styled.div`
  overflow: hidden;
  border-radius: ${theme.radius.md};
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 12 / 5;
    object-fit: cover;
  }
`
const Heading = styled.h1`
  margin: ${theme.space.lg} 0 ${theme.space.xs};
  font-size: ${theme.font.size.xl};
`
const Validity = styled.p`
  margin: 0;
  color: ${theme.colors.brand};
  font-weight: ${theme.font.weight.bold};
`

export const query = graphql`
  query FlyerPage($slug: String!) {
    cmsEntry(file: { eq: "flyers" }, slug: { eq: $slug }) {
      data
    }
  }
`
