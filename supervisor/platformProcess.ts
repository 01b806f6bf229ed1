/** The platform's process entry, as `npm start` and the benches run it (./runPlatform.ts). */
import { runPlatformProcess } from './runPlatform'

runPlatformProcess()
