/**
 * The 20 property names, in two places: the storefront's list
 * (src/config/productProperties.ts) is the source, since it is the shop's
 * rule of which properties a product page shows and in what order; the
 * platform's seed catalog (platform/db/seed/kinds.ts) describes its products
 * with the same names, so every group has values to show. The platform stands
 * in for an external catalog and imports nothing of the storefront, and the
 * browser imports nothing of the platform, so each keeps its list; this test
 * proves the two agree.
 */
import { PROPERTY_NAMES } from '../../platform/db/seed/kinds'
import { PROPERTY_GROUPS } from '../../src/config/productProperties'

describe('product property names', () => {
  it('the seed catalog describes products with the names, in the order, the storefront groups them by', () => {
    expect([...PROPERTY_NAMES]).toEqual([...PROPERTY_GROUPS])
  })
})
