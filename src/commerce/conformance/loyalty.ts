/**
 * The conformance suite of loyalty (capabilities/loyalty.ts), checked only
 * through the interface. A backend serving loyalty runs it from a test file
 * of its own folder (see ./index.ts):
 *
 *   loyaltyConformance('my backend', async () => ({ commerce: { loyalty }, fixtures, close }))
 */
import { rejection, UNKNOWN_SKU } from './checks'
import { prepare, type SuiteSetup } from './setup'

export type LoyaltySetup = SuiteSetup<'loyalty', 'sku' | 'otherSku' | 'tieredSku' | 'outOfStockSku'>

export function loyaltyConformance(name: string, setup: () => Promise<LoyaltySetup>): void {
  describe(`loyalty conformance: ${name}`, () => {
    let commerce: LoyaltySetup['commerce']
    let fixtures: LoyaltySetup['fixtures']
    prepare(setup, async (made) => {
      ;({ commerce, fixtures } = made)
    })

    it('answers a whole multiplier of at least 1 for every sku of the catalog', async () => {
      for (const sku of [fixtures.sku, fixtures.otherSku, fixtures.tieredSku, fixtures.outOfStockSku]) {
        const multiplier = await commerce.loyalty.multiplier(sku)
        expect([sku, Number.isInteger(multiplier) && multiplier >= 1]).toEqual([sku, true])
      }
    })

    it('rejects an unknown sku with 404', async () => {
      await rejection(commerce.loyalty.multiplier(UNKNOWN_SKU), 404, 'not_found')
    })
  })
}
