/**
 * The pages' static sections but the footer's and the content blocks' (see staticSection): breadcrumbs and a
 * product's description. Their components reach the browser only as the chunk below.
 */
import { staticSection } from '../shell/staticSection'

type Modules = { breadcrumbs: typeof import('../ui/Breadcrumbs'); information: typeof import('../ui/ProductInformation') }
const onServer: Modules | null =
  process.env.BUILD_STAGE === 'build-javascript' || process.env.BUILD_STAGE === 'develop'
    ? null
    : // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require webpack leaves out of the browser's bundle, which an import could not be
      { breadcrumbs: require('../ui/Breadcrumbs') as Modules['breadcrumbs'], information: require('../ui/ProductInformation') as Modules['information'] }

export const Breadcrumbs = staticSection('breadcrumbs', onServer?.breadcrumbs.Breadcrumbs ?? null, () => import(/* webpackChunkName: "breadcrumbs" */ '../ui/Breadcrumbs').then((m) => m.Breadcrumbs))

export const ProductInformation = staticSection('product-information', onServer?.information.ProductInformation ?? null, () =>
  import(/* webpackChunkName: "product-information" */ '../ui/ProductInformation').then((m) => m.ProductInformation),
)
