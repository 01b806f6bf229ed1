/**
 * React's server renderer for component tests that render as the server does and then hydrate:
 * react-dom/server encodes with TextEncoder, which jsdom's environment lacks, so it is given Node's
 * before the renderer loads.
 */
import { TextDecoder, TextEncoder } from 'node:util'

Object.assign(globalThis, { TextEncoder, TextDecoder })

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the globals above are set
export const { renderToString } = require('react-dom/server') as typeof import('react-dom/server')
