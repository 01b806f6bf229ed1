/** The service worker's entry: the build bundles it into public/sw.js with this build's configuration. */
import { installWorker, type WorkerConfig, type WorkerScope } from './worker'

declare const __SW_CONFIG__: WorkerConfig

installWorker(self as unknown as WorkerScope, __SW_CONFIG__)
