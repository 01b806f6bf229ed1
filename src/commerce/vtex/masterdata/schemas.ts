/**
 * The Master Data v2 entities the shop keeps in a VTEX store, with their JSON
 * schemas: what VTEX has no place for of its own. `installMasterDataSchemas`
 * saves them (PUT /api/dataentities/{entity}/schemas/{schema}); the command
 * `npm run vtex:schemas` runs it against the store the environment names.
 * Every entity is private: no public read, write or filter, reached only
 * with the app key from the Functions.
 */
import type { VtexClient } from '../client'

export const SCHEMA_NAME = 'pet-storefront-v1'

const security = { allowGetAll: false, publicRead: [], publicWrite: [], publicFilter: [] }
const text = (maxLength: number) => ({ type: 'string', maxLength })

export const MASTER_DATA_ENTITIES = {
  /** The cart a customer finds on every device: one per customer. */
  sharedcart: {
    properties: { customerId: text(64), orderFormId: text(64), savedAt: { type: 'string', format: 'date-time' } },
    required: ['customerId', 'orderFormId'],
    'v-indexed': ['customerId', 'orderFormId'],
    'v-unique': ['customerId'],
    'v-security': security,
  },
  /** A wishlist item: one per customer and sku. */
  wishlist: {
    properties: { customerId: text(64), sku: text(64), productId: text(64), addedAt: { type: 'string', format: 'date-time' } },
    required: ['customerId', 'sku'],
    'v-indexed': ['customerId', 'sku'],
    'v-security': security,
  },
  /** The customer's favourite store, by pickup point id. */
  favstore: {
    properties: { customerId: text(64), storeId: text(64) },
    required: ['customerId', 'storeId'],
    'v-indexed': ['customerId'],
    'v-unique': ['customerId'],
    'v-security': security,
  },
  /** The loyalty card, the profiling consent and the vet flag: VTEX's profile has no fields for them. */
  loyalty: {
    properties: { customerId: text(64), bkId: text(32), arcacard: text(32), profilingConsent: { type: 'boolean' }, isVet: { type: 'boolean' } },
    required: ['customerId'],
    'v-indexed': ['customerId'],
    'v-unique': ['customerId'],
    'v-security': security,
  },
} as const

export type MasterDataEntity = keyof typeof MASTER_DATA_ENTITIES

/** Saves every schema; answers the entities saved, in order. */
export async function installMasterDataSchemas(client: VtexClient): Promise<MasterDataEntity[]> {
  const saved: MasterDataEntity[] = []
  for (const entity of Object.keys(MASTER_DATA_ENTITIES) as MasterDataEntity[]) {
    await client.call(`/api/dataentities/${entity}/schemas/${SCHEMA_NAME}`, { method: 'PUT', body: MASTER_DATA_ENTITIES[entity], private: true })
    saved.push(entity)
  }
  return saved
}
