/** GET /api/cart/checkout — the checkout of the cart a browser without JavaScript filled through the form (req CART-30). */
import { checkoutFromForm } from '../../handlers/cartForm'
import { functionSettings } from '../../handlers/http'

export const { config } = functionSettings

export default checkoutFromForm
