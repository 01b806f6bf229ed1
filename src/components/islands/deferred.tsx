/**
 * The islands whose code stays out of the pages' first load (req PERF-03, src/components/shell/island.tsx):
 * each is a chunk of its own, hydrated after the page. The browser prefetches every one at low priority
 * (`webpackPrefetch`) without running it, so that a page reached by client-side navigation finds its
 * islands' code at hand. The cart button and the category drawer's button
 * are not among them: the first shows the cart's count as soon as the page starts, the second is a few
 * lines around a lazy panel. The wishlist's heart is not either: the product cards of every listing and
 * shelf carry it, in the page's root.
 */
import { island } from '../shell/island'

type Modules = {
  search: typeof import('./search/SearchBox')
  account: typeof import('./account/AccountMenu')
  subHeader: typeof import('./navigation/SubHeader')
  footer: typeof import('./navigation/FooterAccordion')
  buyBox: typeof import('./product/ProductBuyBox')
  pickup: typeof import('./pickup/PickupInStore')
}
/* eslint-disable @typescript-eslint/no-require-imports -- requires webpack leaves out of the browser's bundle, which imports could not be */
const onServer: Modules | null =
  process.env.BUILD_STAGE === 'build-javascript' || process.env.BUILD_STAGE === 'develop'
    ? null
    : {
        search: require('./search/SearchBox') as Modules['search'],
        account: require('./account/AccountMenu') as Modules['account'],
        subHeader: require('./navigation/SubHeader') as Modules['subHeader'],
        footer: require('./navigation/FooterAccordion') as Modules['footer'],
        buyBox: require('./product/ProductBuyBox') as Modules['buyBox'],
        pickup: require('./pickup/PickupInStore') as Modules['pickup'],
      }
/* eslint-enable @typescript-eslint/no-require-imports */

export const SearchBox = island(onServer?.search.SearchBox ?? null, () => import(/* webpackChunkName: "island-search", webpackPrefetch: true */ './search/SearchBox').then((m) => m.SearchBox))

export const AccountMenu = island(onServer?.account.AccountMenu ?? null, () =>
  import(/* webpackChunkName: "island-account", webpackPrefetch: true */ './account/AccountMenu').then((m) => m.AccountMenu),
)

export const SubHeader = island(onServer?.subHeader.SubHeader ?? null, () =>
  import(/* webpackChunkName: "island-sub-header", webpackPrefetch: true */ './navigation/SubHeader').then((m) => m.SubHeader),
)

export const FooterAccordion = island(onServer?.footer.FooterAccordion ?? null, () =>
  import(/* webpackChunkName: "island-footer", webpackPrefetch: true */ './navigation/FooterAccordion').then((m) => m.FooterAccordion),
)

export const ProductBuyBox = island(onServer?.buyBox.ProductBuyBox ?? null, () =>
  import(/* webpackChunkName: "island-buy-box", webpackPrefetch: true */ './product/ProductBuyBox').then((m) => m.ProductBuyBox),
)

export const PickupInStore = island(onServer?.pickup.PickupInStore ?? null, () =>
  import(/* webpackChunkName: "island-pickup", webpackPrefetch: true */ './pickup/PickupInStore').then((m) => m.PickupInStore),
)
