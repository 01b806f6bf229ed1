/** GET /api/account/login — the way out to the platform's login page (src/handlers/login.ts). */
import { functionSettings } from '../../handlers/http'
import { startLogin } from '../../handlers/login'

export const { config } = functionSettings

export default startLogin
