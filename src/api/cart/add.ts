/** POST /api/cart/add — the product page's add-to-cart form, posted without JavaScript; answers 303 to the next page (req CART-30). */
import { addFromForm } from '../../handlers/cartForm'
import { functionSettings } from '../../handlers/http'

export const { config } = functionSettings

export default addFromForm
