/**
 * What every page puts in its Head: title, description, canonical address,
 * Open Graph, the page type for analytics and optional structured data.
 * Pages render it from their `Head` export.
 */
import type { ReactNode } from 'react'
import { shopConfig } from '../../config/shop'
import type { PageType } from '../../domain/pageType'
import { absoluteUrl } from '../../domain/url'

export const SITE_NAME = 'Zampa'

interface Props {
  title: string
  description: string
  /** Site path of the canonical version of the page, e.g. "/cane". */
  path: string
  pageType: PageType
  image?: string
  ogType?: 'website' | 'product' | 'article'
  noindex?: boolean
  jsonLd?: object[]
  children?: ReactNode
}

export function SeoHead({ title, description, path, pageType, image, ogType = 'website', noindex, jsonLd = [], children }: Props) {
  const canonical = absoluteUrl(shopConfig.storeUrl, path)
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`
  return (
    <>
      <html lang="it" />
      <body data-page-type={pageType} />
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      {noindex && <meta name="robots" content="noindex, follow" />}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:locale" content="it_IT" />
      <meta property="og:type" content={ogType} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      {image && <meta property="og:image" content={image.startsWith('http') ? image : absoluteUrl(shopConfig.storeUrl, image)} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {jsonLd.map((data, i) => (
        // Inline JSON must not close the script: "<" is escaped, and React would HTML-escape text children.
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />
      ))}
      {children}
    </>
  )
}

/** schema.org BreadcrumbList of a trail of site paths. */
export function breadcrumbJsonLd(trail: { name: string; item: string }[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(shopConfig.storeUrl, crumb.item),
    })),
  }
}
