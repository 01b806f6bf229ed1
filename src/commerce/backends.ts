/**
 * The commerce backends configuration can choose, by name. A backend is a
 * folder beside this file whose index exports a `Backend` (capabilities/index.ts):
 * a factory for each capability it serves. To add a backend named `acme`:
 *
 * 1. write `acme/{catalog,cart,identity,stores,loyalty}.ts`, each answering
 *    the capability adapter of the same name in capabilities/ (only those it serves),
 *    over the HTTP plumbing every backend shares (http/);
 * 2. export `acme: Backend` from `acme/index.ts`, each factory reading the
 *    backend's own variables from the environment it is given;
 * 3. run the conformance suites of its capabilities from a test in its folder
 *    (conformance/index.ts says how), and register it below.
 *
 * `COMMERCE=acme`, or `COMMERCE_CATALOG=acme` for one capability, then chooses it (compose.ts).
 */
import type { Backend } from './capabilities'
import { embedded, embeddedGeography, embeddedLookupCounter } from './embedded'
import { vtexBackend } from './vtex'

/**
 * `vtex` serves the catalog, the cart, identity and stores (docs/vtex.md), with the embedded platform's
 * gazetteer and lookup counter lent to it; the embedded platform serves everything. The backends' folders
 * never import each other: what one lends another is wired here.
 */
export const BACKENDS: Readonly<Record<string, Backend>> = {
  embedded,
  vtex: vtexBackend({ geography: embeddedGeography, lookups: embeddedLookupCounter }),
}
