/**
 * GET /api/product/getLoyaltyMultiplier/{sku} — the sku's loyalty multiplier
 * as the string 'sku-{multiplier}' (req LOYALTY-03, CALL-10). The
 * minicart falls back to 'sku-1' when this fails.
 */
import { getCommerce } from '../../../commerce'
import { functionSettings, serveRoute } from '../../../handlers/http'
import { functionRoutes } from '../../../wire/routes'

export const { config } = functionSettings

export default serveRoute(functionRoutes['product/getLoyaltyMultiplier/[sku]'], async ({ params }) => `sku-${await getCommerce().loyalty.multiplier(params.sku)}`)
