/**
 * sitemap.xml and robots.txt, written after the build from the pages it
 * created. Pages that are not content (search results, the added-to-cart
 * confirmation, error pages, app variants, the logout and the guest-order
 * lookup) stay out. A sitemap file holds at
 * most 45,000 addresses (the protocol allows 50,000), so a large catalog gets
 * a sitemap index pointing at numbered files.
 */
import { absoluteUrl } from '../domain/url'

export const SITEMAP_CHUNK = 45_000

const EXCLUDED = [/^\/404/, /^\/500/, /^\/dev-404-page/, /^\/s$/, /^\/added-to-cart$/, /^\/app\//, /^\/fromApp$/, /^\/guest-order$/, /^\/logout$/, /^\/offline-plugin-app-shell-fallback/]

export function indexable(path: string): boolean {
  return !EXCLUDED.some((pattern) => pattern.test(path))
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export interface SitemapFile {
  name: string
  content: string
}

/** The files to write under public/: sitemap.xml, and sitemap-N.xml when there are more pages than one file holds. */
export function sitemapFiles(storeUrl: string, paths: string[], chunk = SITEMAP_CHUNK): SitemapFile[] {
  const urls = [...new Set(paths.filter(indexable))].sort().map((p) => absoluteUrl(storeUrl, p))
  const urlset = (list: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${list.map((u) => `  <url><loc>${escapeXml(u)}</loc></url>`).join('\n')}\n</urlset>\n`
  if (urls.length <= chunk) return [{ name: 'sitemap.xml', content: urlset(urls) }]
  const parts: SitemapFile[] = []
  for (let i = 0; i < urls.length; i += chunk) parts.push({ name: `sitemap-${parts.length}.xml`, content: urlset(urls.slice(i, i + chunk)) })
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${parts
    .map((p) => `  <sitemap><loc>${escapeXml(absoluteUrl(storeUrl, `/${p.name}`))}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`
  return [{ name: 'sitemap.xml', content: index }, ...parts]
}

export function robotsTxt(storeUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /s?', 'Disallow: /added-to-cart', 'Disallow: /app/', '', `Sitemap: ${absoluteUrl(storeUrl, '/sitemap.xml')}`, ''].join('\n')
}
