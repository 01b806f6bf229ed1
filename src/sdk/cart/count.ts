/**
 * The number of units in the cart, gifts left out: what the header's cart button shows on every page. It
 * is in every page's first load; the cart's store (state.ts), with its persistence and validation, is not:
 * it loads with the browser's boot once the page has hydrated (src/sdk/account/boot.ts), or with the first
 * island that changes the cart, and keeps this count.
 */
import { createBaseStore } from '@faststore/sdk'

export const cartCount = createBaseStore(0)
