/**
 * The content blocks but the product shelf (see CmsSections.tsx): one component per section type, found in a
 * registry keyed by that type, so a type the schema adds without a component (or a component for no type) does
 * not compile. Static: rendered by the server, their HTML kept as it is by the browser.
 */
import type { ReactElement } from 'react'
import styled from 'styled-components'
import { listReset } from '../ui/listReset'
import type { CmsSection } from '../../../cms/schema/sections'
import { highPriority } from '../ui/ProductImage'
import { SiteLink } from '../ui/SiteLink'
import { theme } from '../../config/theme'
import { Block } from '../ui/cmsBlock'

type StaticType = Exclude<CmsSection['type'], 'productShelf'>

/** What a block's component is given: its block, and whether it is the page's first and its picture loads at once. */
interface SectionProps<T extends StaticType> {
  section: Extract<CmsSection, { type: T }>
  eager: boolean
}

type SectionComponent<T extends StaticType> = (props: SectionProps<T>) => ReactElement | null

const sectionComponents: { [T in StaticType]: SectionComponent<T> } = {
  hero: HeroSection,
  categoryTiles: CategoryTilesSection,
  brandStrip: BrandStripSection,
  richText: RichTextSection,
  promoBanner: PromoBannerSection,
}

export function CmsBlock({ section, eager }: { section: Extract<CmsSection, { type: StaticType }>; eager: boolean }): ReactElement | null {
  return renderSection(section.type, { section, eager } as SectionProps<typeof section.type>)
}

function renderSection<T extends StaticType>(type: T, props: SectionProps<T>): ReactElement | null {
  const Section: SectionComponent<T> | undefined = sectionComponents[type]
  // The build refuses content of an unknown type; should one still arrive, it renders nothing, never an error page.
  if (!Section) return null
  return <Section {...props} />
}

function HeroSection({ section, eager }: SectionProps<'hero'>) {
  return (
    <Hero $background={section.background} data-testid="cms-hero">
      <div>
        <h2>{section.title}</h2>
        {section.subtitle && <p>{section.subtitle}</p>}
        <Cta to={section.ctaUrl}>{section.ctaLabel}</Cta>
      </div>
      <img src={section.image} alt={section.imageAlt} width={1200} height={480} loading={eager ? 'eager' : 'lazy'} {...highPriority(eager)} />
    </Hero>
  )
}

function CategoryTilesSection({ section }: SectionProps<'categoryTiles'>) {
  return (
    <Block>
      <h2>{section.title}</h2>
      <Tiles data-testid="cms-category-tiles">
        {section.tiles.map((tile) => (
          <li key={tile.url}>
            <SiteLink to={tile.url} data-testid="category-link">
              <img src={tile.image} alt="" width={240} height={240} loading="lazy" style={{ background: tile.background }} />
              <span>{tile.label}</span>
            </SiteLink>
          </li>
        ))}
      </Tiles>
    </Block>
  )
}

function BrandStripSection({ section }: SectionProps<'brandStrip'>) {
  return (
    <Block>
      <h2>{section.title}</h2>
      <Brands data-testid="cms-brand-strip">
        {section.brands.map((brand) => (
          <li key={brand.url}>
            <SiteLink to={brand.url}>{brand.name}</SiteLink>
          </li>
        ))}
      </Brands>
    </Block>
  )
}

function RichTextSection({ section }: SectionProps<'richText'>) {
  return (
    <Prose data-testid="cms-rich-text">
      {section.title && <h2>{section.title}</h2>}
      {section.blocks.map((block, j) => {
        if (block.kind === 'heading') return <h2 key={j}>{block.text}</h2>
        if (block.kind === 'paragraph') return <p key={j}>{block.text}</p>
        if (block.kind === 'link')
          return (
            <p key={j}>
              <SiteLink to={block.url}>{block.text}</SiteLink>
            </p>
          )
        return (
          <ul key={j}>
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )
      })}
    </Prose>
  )
}

function PromoBannerSection({ section }: SectionProps<'promoBanner'>) {
  return (
    <Promo $background={section.background} $color={section.textColor}>
      <p>{section.text}</p>
      <SiteLink to={section.ctaUrl}>{section.ctaLabel}</SiteLink>
    </Promo>
  )
}

const Hero = styled.section<{ $background: string }>`
  position: relative;
  display: grid;
  align-items: center;
  overflow: hidden;
  min-height: 280px;
  border-radius: ${theme.radius.md};
  background: ${({ $background }) => $background};
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
    object-position: right center;
  }
  div {
    position: relative;
    z-index: 1;
    max-width: 560px;
    padding: ${theme.space.lg};
  }
  h2 {
    margin: 0 0 ${theme.space.sm};
    font-size: ${theme.font.size.xl};
    line-height: 1.15;
  }
  p {
    margin: 0 0 ${theme.space.md};
  }
  ${theme.media.nav} {
    min-height: 380px;
    div {
      padding: ${theme.space.xl};
    }
    h2 {
      font-size: ${theme.font.size.xxl};
    }
  }
  ${theme.media.belowNav} {
    img {
      opacity: 0.35;
    }
  }
`
const Cta = styled(SiteLink)`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${theme.space.lg};
  border-radius: ${theme.radius.pill};
  background: ${theme.colors.brand};
  color: ${theme.colors.inverse};
  font-weight: ${theme.font.weight.bold};
  text-decoration: none;
`
const Tiles = styled.ul`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${theme.space.md};
  ${listReset}
  a {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: ${theme.space.sm};
    text-decoration: none;
    font-weight: ${theme.font.weight.bold};
    font-size: ${theme.font.size.sm};
    text-align: center;
  }
  img {
    width: 100%;
    height: auto;
    aspect-ratio: 1;
    border-radius: 50%;
  }
  ${theme.media.nav} {
    grid-template-columns: repeat(6, minmax(0, 1fr));
    a {
      font-size: ${theme.font.size.md};
    }
  }
`
const Brands = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  ${listReset}
  a {
    display: inline-flex;
    align-items: center;
    min-height: 56px;
    padding: 0 ${theme.space.lg};
    border: 1px solid ${theme.colors.line};
    border-radius: ${theme.radius.md};
    background: ${theme.colors.surface};
    font-weight: ${theme.font.weight.bold};
    text-decoration: none;
  }
`
const Prose = styled.section`
  max-width: 760px;
  padding: ${theme.space.lg};
  border-radius: ${theme.radius.md};
  background: ${theme.colors.surface};
  line-height: 1.65;
  h2 {
    margin: ${theme.space.lg} 0 ${theme.space.sm};
    font-size: ${theme.font.size.lg};
  }
  h2:first-child {
    margin-top: 0;
  }
`
const Promo = styled.section<{ $background: string; $color: string }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.md};
  margin: ${theme.space.xl} 0;
  padding: ${theme.space.lg};
  border-radius: ${theme.radius.md};
  background: ${({ $background }) => $background};
  color: ${({ $color }) => $color};
  p {
    margin: 0;
    font-size: ${theme.font.size.lg};
    font-weight: ${theme.font.weight.bold};
  }
  a {
    color: inherit;
  }
`
