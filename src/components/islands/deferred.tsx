/**
 * The islands whose code stays out of the pages' first load (req PERF-03, src/components/shell/island.tsx):
 * each is a chunk of its own, hydrated after the page. The listing of category, brand and search pages is
 * one: its facets, sort and pages act once its chunk is in, and a facet ticked or a page link followed
 * before that is kept by the early-tap script and replayed. The browser prefetches every one at low priority
 * (`webpackPrefetch`) without running it, so that a page reached by client-side navigation finds its
 * islands' code at hand. The cart button and the category drawer's button
 * are not among them: the first shows the cart's count as soon as the page starts, the second is a few
 * lines around a lazy panel. The listings and the content pages' product shelves are, with the wishlist's
 * hearts of their cards.
 */
import { island } from '../shell/island'

type Modules = {
  search: typeof import('./search/SearchBox')
  account: typeof import('./account/AccountMenu')
  subHeader: typeof import('./navigation/SubHeader')
  footer: typeof import('./navigation/FooterAccordion')
  buyBox: typeof import('./product/ProductBuyBox')
  pickup: typeof import('./pickup/PickupInStore')
  listing: typeof import('./search/ProductListing')
  shelf: typeof import('./product/ProductShelf')
  heart: typeof import('./account/WishlistHeart')
  delivery: typeof import('./pickup/DeliveryEstimate')
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
        listing: require('./search/ProductListing') as Modules['listing'],
        shelf: require('./product/ProductShelf') as Modules['shelf'],
        heart: require('./account/WishlistHeart') as Modules['heart'],
        delivery: require('./pickup/DeliveryEstimate') as Modules['delivery'],
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

export const ProductListing = island(onServer?.listing.ProductListing ?? null, () =>
  import(/* webpackChunkName: "island-listing", webpackPrefetch: true */ './search/ProductListing').then((m) => m.ProductListing),
)

export const ProductShelf = island(onServer?.shelf.ProductShelf ?? null, () =>
  import(/* webpackChunkName: "island-shelf", webpackPrefetch: true */ './product/ProductShelf').then((m) => m.ProductShelf),
)

/** A product page's heart (the cards of listings and shelves carry theirs in their own island). */
export const WishlistHeart = island(onServer?.heart.WishlistHeart ?? null, () =>
  import(/* webpackChunkName: "island-heart", webpackPrefetch: true */ './account/WishlistHeart').then((m) => m.WishlistHeart),
)

export const DeliveryEstimate = island(onServer?.delivery.DeliveryEstimate ?? null, () =>
  import(/* webpackChunkName: "island-delivery", webpackPrefetch: true */ './pickup/DeliveryEstimate').then((m) => m.DeliveryEstimate),
)
