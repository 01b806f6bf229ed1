/** GET /api/account/loginReturn — the way back from the platform's login page (src/handlers/login.ts). */
import { functionSettings } from '../../handlers/http'
import { finishLogin } from '../../handlers/login'

export const { config } = functionSettings

export default finishLogin
