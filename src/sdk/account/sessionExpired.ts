/**
 * True while the session-expired modal should show (req SHARED-01): the shared-cart restore (restore.ts)
 * sets it, the page's SessionGate reads it in every first load, without the restore's code.
 */
import { createBaseStore } from '@faststore/sdk'

export const sessionExpired = createBaseStore(false)
