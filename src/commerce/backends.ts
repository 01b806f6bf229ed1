/**
 * The commerce backends configuration can choose, by name. A backend is a
 * folder beside this file whose index exports a `Backend` (capabilities/index.ts):
 * a factory for each capability it serves. To add one, say `vtex`:
 *
 * 1. write `vtex/{catalog,cart,identity,stores,loyalty}.ts`, each answering
 *    the capability adapter of the same name in capabilities/ (only those it serves);
 * 2. export `vtex: Backend` from `vtex/index.ts`, each factory reading the
 *    backend's own variables from the environment it is given;
 * 3. run the conformance suites of its capabilities from a test in its folder
 *    (conformance/index.ts says how), and register it below.
 *
 * `COMMERCE=vtex`, or `COMMERCE_CATALOG=vtex` for one capability, then chooses it (compose.ts).
 */
import type { Backend } from './capabilities'
import { embedded } from './embedded'
import { vtex } from './vtex'

/** `vtex` serves the catalog, the cart, identity and stores (docs/vtex.md); the embedded platform serves everything. */
export const BACKENDS: Readonly<Record<string, Backend>> = { embedded, vtex }
