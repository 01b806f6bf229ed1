/**
 * Build-time sourcing: the catalog comes from the commerce adapter (the
 * embedded platform unless configured otherwise) into Gatsby's data layer;
 * pages are created from content queries over it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'fs'
import path from 'path'
import type { GatsbyNode, Reporter } from 'gatsby'
import { getCommerce } from './src/commerce'
import { catalogNames } from './src/handlers/catalogNames'
import { type SelectedFacet } from './src/domain/search/state'
import { brandListing, categoryListing, fillShelves, listingView } from './src/build/listings'
import { catalogTypeDefs, lineage, toCategoryNode } from './src/build/nodes'
import { toProductNode } from './src/domain/productNode'
import { writeSitePaths } from './src/build/sitePaths'
import { checkLinks, cmsPages, CmsError, contentDir, readCms, type CmsContent } from './cms/load'
import { stampingReader, writeContentStamp, type ContentStamp } from './src/build/contentStamp'
import { flyerPath } from './cms/schema/flyers'
import { cmsAppPagePath, cmsPagePath } from './cms/schema/pages'
import type { CmsSection } from './cms/schema/sections'
import type { SearchResults } from './src/domain/search/query'
import { SHARED_CART_RECHECK_MS } from './src/config/constants'
import { paths, staticRoutes } from './src/config/paths'
import { shopConfig } from './src/config/shop'
import { robotsTxt, sitemapFiles } from './src/seo/sitemap'
import { PrebuildSettingError, prebuiltProducts, stalePrebuiltPages } from './src/build/deferred'
import { shipSharpWithEngines } from './src/build/engineSharp'
import { dropNulBytesIn } from './src/build/html'
import { CONTENT_PAGES_FILE } from './src/build/contentChange'
import { writeServiceWorker } from './src/build/serviceWorker'
import { CompileHintsPlugin } from './src/build/compileHints'
import { DevelopmentOnlyPlugin } from './src/build/developmentOnly'
import { limitRendererEnv } from './src/build/rendererEnv'
import { pageComponentsOnlyCommons } from './src/build/commonsChunk'
import { eachLimited } from './src/build/eachLimited'
import { sourceProducts } from './src/build/productSourcing'
import { CATALOG_KEPT, CATALOG_TYPES, codeDigest, digestOf, keepsCatalog, sourcingSetting, SourcingSettingError, type CatalogCounts, type CatalogStamp, type CatalogType, type SourcedCatalog } from './src/build/sourcedCatalog'
import type { Configuration } from 'webpack'

// The build reads the platform past its read cache (src/commerce/embedded/settings.ts): a listing prerendered
// from an answer cached before a catalog change would be kept by the builds after it.
process.env.PLATFORM_FRESH_READS = '1'

/** The products whose answer, as this build maps it, must read the same for a build to keep the last one's catalog. */
const SAMPLE_SIZE = 50
/** Gatsby's cache entries: the last whole sourcing (src/build/sourcedCatalog.ts), and the listings' views it prerendered. */
const SOURCED_CATALOG = 'sourced-catalog'
const LISTING_VIEWS = 'listing-views'
/** When the last build cleaned its HTML (onPostBuild). */
const HTML_CLEANED_AT = 'html-cleaned-at'
const RENDER_ERROR_PROBE_PATH = '/prova/errore-di-rendering'


export const createSchemaCustomization: GatsbyNode['createSchemaCustomization'] = ({ actions }) => {
  actions.createTypes(catalogTypeDefs)
  actions.createTypes(`
    type CmsContent implements Node @dontInfer {
      name: String!
      data: JSON!
    }
    type CmsEntry implements Node @dontInfer {
      file: String!
      slug: String!
      data: JSON!
    }
  `)
}

export const sourceNodes: GatsbyNode['sourceNodes'] = async ({ actions, createNodeId, createContentDigest, reporter, cache, getNodesByType }) => {
  const { catalog } = getCommerce()
  const started = Date.now()
  const setting = readSetting(reporter, () => sourcingSetting(process.env.CATALOG_SOURCING), SourcingSettingError)

  const create = (type: string, key: string, fields: object) =>
    actions.createNode({
      ...fields,
      id: createNodeId(`${type}-${key}`),
      internal: { type, contentDigest: createContentDigest(fields) },
    })

  const sitePaths = new Set<string>(staticRoutes)
  // Read before the catalog itself, so a change made while this build reads it shows as a new revision next time.
  const revision = await catalog.revision()
  const code = codeDigest(path.join('.cache', 'compiled', 'gatsby-node.js'))
  // Read once: the sample holds them (the platform keeps them in memory from its start), and a full read's nodes.
  const [categories, brands] = await Promise.all([catalog.categories(), catalog.brands()])
  const sample = async () => digestOf({ products: (await catalog.products(0, SAMPLE_SIZE)).items, categories, brands })
  stamp = setting === 'changed' && revision !== null && code !== null ? { revision, code, sample: await sample() } : null
  // Only a build that may keep them loads the nodes: 100,000 of them on a large catalog.
  const held = Object.fromEntries(CATALOG_TYPES.map((type) => [type, stamp ? getNodesByType(type) : []])) as Record<CatalogType, ReturnType<typeof getNodesByType>>
  const counts = countsOf(held)
  const decision = keepsCatalog(setting, await cache.get(SOURCED_CATALOG), stamp, counts)
  if (decision.keep) {
    // Gatsby deletes the nodes a build neither creates nor touches.
    for (const type of CATALOG_TYPES) for (const node of held[type]) actions.touchNode(node)
    for (const node of held.Category) sitePaths.add(paths.category(node.slug as string))
    for (const node of held.Brand) sitePaths.add(paths.brand(node.slug as string))
    for (const node of held.Product) sitePaths.add(paths.product(node.slug as string))
    reporter.info(`${CATALOG_KEPT}, kept ${counts.Category} categories, ${counts.Brand} brands, ${counts.Product} products in ${Date.now() - started} ms`)
  } else {
    // Recorded again only once the whole catalog is read: a build stopped halfway keeps nothing.
    await cache.del(SOURCED_CATALOG)
    const byId = new Map(categories.map((c) => [c.id, c]))
    for (const category of categories) create('Category', category.id, toCategoryNode(category, byId))
    for (const brand of brands) create('Brand', brand.id, { brandId: brand.id, slug: brand.slug, name: brand.name, privateLabel: brand.privateLabel })
    for (const category of categories) sitePaths.add(paths.category(category.slug))
    for (const brand of brands) sitePaths.add(paths.brand(brand.slug))

    // A page at a time, each product made a node before the next page is read (src/build/productSourcing.ts).
    const { count, total } = await sourceProducts(catalog, (product) => {
      create('Product', product.id, toProductNode(product, lineage(product.categoryId, byId).map((c) => c.id)))
      sitePaths.add(paths.product(product.slug))
    })
    if (count !== total) reporter.warn(`catalog: read ${count} products where the backend counts ${total}: the catalog changed while it was read, the next build reads it again`)
    // Recorded once the build has ended well (onPostBuild), when the nodes are surely in the data store.
    if (stamp) records.set(SOURCED_CATALOG, { ...stamp, counts: { Category: categories.length, Brand: brands.length, Product: count } } satisfies SourcedCatalog)
    reporter.info(`catalog: ${categories.length} categories, ${brands.length} brands, ${count} products in ${Date.now() - started} ms (read in full: ${decision.why})`)
  }

  // The editing screen checks links against the same pages (src/build/sitePaths.ts), before the content's own.
  writeSitePaths(sitePaths)
  try {
    content = readCms(stampingReader((file) => readFileSync(path.join(contentDir(), file), 'utf8'), contentStamp))
    for (const page of cmsPages(content)) sitePaths.add(page)
    checkLinks(content, (p) => sitePaths.has(p))
    for (const [name, data] of Object.entries(content)) create('CmsContent', name, { name, data })
    // A CMS page or flyer reads its own entry, so a change to one rebuilds that page alone: a page's query that
    // read the whole file would change, and the page be written again, whichever entry of the file changed.
    for (const page of content.pages.pages) create('CmsEntry', `pages-${page.slug}`, { file: 'pages', slug: page.slug, data: page })
    for (const flyer of content.flyers.flyers) create('CmsEntry', `flyers-${flyer.slug}`, { file: 'flyers', slug: flyer.slug, data: flyer })
  } catch (error) {
    if (error instanceof CmsError) reporter.panic(`Content error in ${error.message}`)
    throw error
  }
}

/** A build setting from the environment: a value `read` refuses with `refused` stops the build with its message. */
function readSetting<T>(reporter: Reporter, read: () => T, refused: new (message: string) => Error): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof refused) reporter.panic(error.message)
    throw error
  }
}

const countsOf = (held: Record<CatalogType, unknown[]>): CatalogCounts => ({ Category: held.Category.length, Brand: held.Brand.length, Product: held.Product.length })

interface PagesQuery {
  allCategory: { nodes: { categoryId: string; slug: string }[] }
  allBrand: { nodes: { slug: string }[] }
  allProduct: { nodes: { slug: string }[] }
}

let content: CmsContent | undefined
/** A digest of each content file as this build read it, kept in the build's releases (src/build/contentStamp.ts). */
const contentStamp: ContentStamp = {}
/** What this build's sourcing read the catalog at; null when it cannot tell, or is told to read it all. */
let stamp: CatalogStamp | null = null
/** Cache entries this build writes once it has ended well. */
const records = new Map<string, unknown>()
/** The product pages this build defers (createPages), whose earlier prebuilt files onPostBuild removes. */
let deferredPaths: string[] = []

export const onCreatePage: GatsbyNode['onCreatePage'] = async ({ page, actions }) => {
  if (page.path !== '/' || !content || (page.context as { shelves?: unknown })?.shelves) return
  const { catalog } = getCommerce()
  const shelves = await fillShelves(catalog, await catalogNames(catalog), content.home.sections, 'home.json')
  actions.deletePage(page)
  actions.createPage({ ...page, context: { ...page.context, shelves } })
}

export const createPages: GatsbyNode['createPages'] = async ({ graphql, actions, reporter, cache }) => {
  const result = await graphql<PagesQuery>(`
    {
      allCategory { nodes { categoryId slug } }
      allBrand { nodes { slug } }
      allProduct { nodes { slug } }
    }
  `)
  if (result.errors || !result.data) {
    reporter.panicOnBuild('could not query the catalog for page creation', result.errors)
    return
  }
  const template = (name: string) => path.resolve(`src/templates/${name}.tsx`)
  const { catalog } = getCommerce()
  const names = await catalogNames(catalog)

  // Listing pages are prerendered with their default view, from the same
  // search the browser asks once the shopper filters: the first paint and
  // the fetched views never disagree.
  // A build that kept the catalog (sourceNodes) keeps the views prerendered from it too.
  const started = Date.now()
  const viewsKey = stamp ? digestOf(stamp) : null
  const cached = viewsKey ? ((await cache.get(LISTING_VIEWS)) as { key?: unknown; views?: Record<string, SearchResults> } | undefined) : undefined
  const earlier = cached?.key === viewsKey && cached?.views ? cached.views : {}
  const views: Record<string, SearchResults> = {}
  let kept = 0
  const defaultView = async (base: string, fixed: SelectedFacet[]): Promise<SearchResults> => {
    if (Object.hasOwn(earlier, base)) {
      kept++
      return (views[base] = earlier[base]!)
    }
    const view = await listingView(catalog, names, base, fixed).catch((error: unknown) => {
      // Gatsby prints an error thrown here as a frame of its compiled copy of this file, without the message.
      reporter.panicOnBuild(`could not prerender the listing ${base}: ${(error as Error).message}`)
      throw error
    })
    return (views[base] = view)
  }
  await eachLimited(result.data.allCategory.nodes, 4, async (category) => {
    const base = paths.category(category.slug)
    actions.createPage({
      path: base,
      component: template('CategoryPage'),
      context: { categoryId: category.categoryId, slug: category.slug, prerendered: await defaultView(base, categoryListing(category.slug)) },
    })
  })
  await eachLimited(result.data.allBrand.nodes, 4, async (brand) => {
    const base = paths.brand(brand.slug)
    actions.createPage({
      path: base,
      component: template('BrandPage'),
      context: { slug: brand.slug, prerendered: await defaultView(base, brandListing(brand.slug)) },
    })
  })
  if (viewsKey) records.set(LISTING_VIEWS, { key: viewsKey, views })
  else await cache.del(LISTING_VIEWS)
  reporter.info(`listings: ${result.data.allCategory.nodes.length} categories and ${result.data.allBrand.nodes.length} brands prerendered in ${Date.now() - started} ms (${kept} kept from the last build)`)

  if (content) {
    const cms = content
    const shelvesOf = (sections: CmsSection[], file: string) =>
      fillShelves(catalog, names, sections, file).catch((error: unknown) => {
        if (error instanceof CmsError) reporter.panicOnBuild(`Content error in ${error.message}`)
        throw error
      })
    for (const page of cms.pages.pages) {
      const shelves = await shelvesOf(page.sections, 'pages.json')
      const context = { slug: page.slug, shelves }
      actions.createPage({ path: cmsPagePath(page.slug), component: template('CmsPage'), context: { ...context, app: false } })
      if (page.appVariant) actions.createPage({ path: cmsAppPagePath(page.slug), component: template('CmsPage'), context: { ...context, app: true } })
    }
    for (const flyer of cms.flyers.flyers) {
      const shelves = await shelvesOf(flyer.shelves, 'flyers.json')
      actions.createPage({ path: flyerPath(flyer.slug), component: template('FlyerPage'), context: { slug: flyer.slug, shelves } })
    }
    actions.createPage({ path: `/${cms.servicesBooking.slug}`, component: template('ServicesBookingPage'), context: {} })
    // The content pages this build made, which a content change's fast path must find unchanged (releases/content.ts).
    mkdirSync('.cache', { recursive: true })
    writeFileSync(CONTENT_PAGES_FILE, JSON.stringify(cmsPages(cms).sort()))
  }
  // Only for the browser journeys of the error boundary; see the template.
  if (process.env.RENDER_ERROR_PROBE === '1') {
    actions.createPage({ path: RENDER_ERROR_PROBE_PATH, component: path.resolve('src/templates/RenderErrorProbe.tsx'), context: {} })
  }

  // Product pages in catalog order (best sellers first): the first PREBUILD_PRODUCTS are built now,
  // the rest are deferred and rendered by `gatsby serve` on their first request (src/build/deferred.ts).
  const prebuilt = readSetting(reporter, () => prebuiltProducts(process.env.PREBUILD_PRODUCTS), PrebuildSettingError)
  const products = result.data.allProduct.nodes
  deferredPaths = []
  products.forEach((product, i) => {
    const defer = i >= prebuilt
    const pagePath = paths.product(product.slug)
    // `deferred` in the context makes a page that changes sides a changed page to Gatsby, so its query
    // runs again when it comes back to being prebuilt (its files were removed while it was deferred).
    actions.createPage({ path: pagePath, component: template('ProductPage'), context: { slug: product.slug, deferred: defer }, defer })
    if (defer) deferredPaths.push(pagePath)
  })
  const deferred = Math.max(0, products.length - prebuilt)
  reporter.info(`product pages: ${products.length - deferred} built now, ${deferred} deferred (PREBUILD_PRODUCTS=${prebuilt})`)
  // Read by `npm run bench:build`.
  mkdirSync('.cache', { recursive: true })
  writeFileSync(path.join('.cache', 'catalog-pages.json'), JSON.stringify({ products: products.length, deferred }))
}

/**
 * The browser's scripts carry V8's compile hint (src/build/compileHints.ts); the HTML renderer gets the
 * browser's environment, not the build's (src/build/rendererEnv.ts).
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions, getConfig, reporter }) => {
  if (stage === 'build-javascript') {
    const config = getConfig() as Configuration
    if (!pageComponentsOnlyCommons(config)) reporter.warn("Gatsby's webpack configuration has no commons chunk group: the first loads may carry what only lazy chunks use")
    config.plugins = [...(config.plugins ?? []), new CompileHintsPlugin(), new DevelopmentOnlyPlugin()]
    actions.replaceWebpackConfig(config)
  }
  if (stage === 'build-html') {
    const config = getConfig() as Configuration
    const dropped = limitRendererEnv(config)
    actions.replaceWebpackConfig(config)
    reporter.verbose(`the HTML renderer leaves out ${dropped.length} variables of the build's environment`)
  }
}

/** Build-time settings the pages carry; loading them already refused a bad value (src/config/constants.ts). */
export const onPreInit: GatsbyNode['onPreInit'] = ({ reporter }) => {
  reporter.verbose(`shared-cart re-check every ${SHARED_CART_RECHECK_MS} ms`)
}

/**
 * Deferred pages are rendered by Gatsby's engines, which must not reach into
 * node_modules: the sharp binary they load is shipped inside them (src/build/engineSharp.ts).
 */
export const onPreBuild: GatsbyNode['onPreBuild'] = ({ reporter }) => {
  const shipped = shipSharpWithEngines(process.cwd())
  if (shipped.length === 0) reporter.warn('sharp has no prebuilt platform package here: deferred pages need the engines to load it, a build with deferred pages may fail validation')
  else reporter.verbose(`engines carry ${shipped.map((p) => `${p.name}@${p.version}`).join(', ')}`)
}

/** sitemap.xml (an index past 45,000 addresses) and robots.txt, from the pages the build created; the service worker (public/sw.js). */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ graphql, reporter, cache }) => {
  // A page deferred now but prebuilt by an earlier build keeps that build's files, which `gatsby serve`
  // would answer with. Gatsby's own removal also makes it forget the page's HTML, so a later build that
  // prebuilds the page again renders it afresh.
  const stale = stalePrebuiltPages('public', deferredPaths)
  if (stale.length > 0) {
    const { removePageFiles } = await import('gatsby/dist/commands/build-utils')
    await removePageFiles(path.resolve('public'), stale)
    reporter.info(`removed the files an earlier build left for ${stale.length} product pages deferred now`)
  }
  const result = await graphql<{ allSitePage: { nodes: { path: string }[] } }>(`{ allSitePage { nodes { path } } }`)
  const pages = result.data?.allSitePage.nodes.map((n) => n.path) ?? []
  // Only the pages written since the last build that got here: the others were cleaned then. A time ahead of
  // the clock (the clock set back) reads them all.
  const cleanedAt = Number(await cache.get(HTML_CLEANED_AT)) || 0
  const since = cleanedAt > Date.now() ? 0 : cleanedAt
  const deferred = new Set(deferredPaths)
  const cleaned = await dropNulBytesIn('public', pages.filter((p) => !deferred.has(p)), since)
  await cache.set(HTML_CLEANED_AT, Date.now())
  reporter.info(`dropped React 18's stray NUL bytes from ${cleaned.changed} of the ${cleaned.read} HTML files written since the last build`)
  const files = sitemapFiles(shopConfig.storeUrl, pages)
  for (const file of files) writeFileSync(path.join('public', file.name), file.content)
  writeFileSync(path.join('public', 'robots.txt'), robotsTxt(shopConfig.storeUrl))
  reporter.info(`sitemap: ${files.length} file(s) for ${pages.length} pages; robots.txt`)
  for (const [key, value] of records) await cache.set(key, value)
  writeContentStamp('.', contentStamp)
  const worker = writeServiceWorker('public')
  reporter.info(`service worker ${worker.version}: ${worker.precache.length} app files fetched on install`)
}
