/**
 * The platform's process entry for the browser journeys (PLATFORM_ENTRY, tests/e2e/support/env.ts): the
 * platform as `npm start` runs it, plus the outage control, whose address goes into PLATFORM_CONTROL_FILE.
 */
import { runPlatformProcess } from '../../supervisor/runPlatform'
import { startPlatformControl } from './platformControl'

runPlatformProcess(async (platform) => {
  const controlFile = process.env.PLATFORM_CONTROL_FILE
  if (!controlFile) throw new Error('PLATFORM_CONTROL_FILE names no file for the outage control')
  console.log(`platform control at ${await startPlatformControl(platform, controlFile)}`)
})
