/**
 * Master Data v2 documents of the shop's own entities (./schemas.ts), always
 * with the app key: the entities are private, so a browser never reaches
 * them. Every filter value is checked before it enters `_where`, so a value
 * cannot widen a search to another customer's documents.
 */
import { z } from 'zod/v4'
import { badRequest } from '../../errors'
import { read } from '../read'
import type { VtexClient } from '../client'
import { SCHEMA_NAME, type MasterDataEntity } from './schemas'

/** What may stand in a `_where` value or a document id: ids, skus, order-form ids. */
const SAFE = /^[A-Za-z0-9_.:-]{1,128}$/

const safe = (value: string, what: string) => {
  if (!SAFE.test(value)) throw badRequest(`${what} is not a valid id`)
  return value
}

const PAGE = 100
/** No customer has more of one entity's documents than this (a wishlist is the longest). */
const MAX_DOCUMENTS = 1000

export type Doc = Record<string, unknown> & { id: string }

export function masterData(client: VtexClient) {
  const base = (entity: MasterDataEntity) => `/api/dataentities/${entity}`
  return {
    /** The documents whose fields equal every value given, whole. */
    async search(entity: MasterDataEntity, where: Record<string, string>): Promise<Doc[]> {
      const clause = Object.entries(where)
        .map(([field, value]) => `${field}="${safe(value, field)}"`)
        .join(' AND ')
      const query = new URLSearchParams({ _where: clause, _fields: '_all', _schema: SCHEMA_NAME })
      // Master Data answers at most PAGE documents a request, by the REST-Range asked.
      const found: Doc[] = []
      for (let from = 0; from < MAX_DOCUMENTS; from += PAGE) {
        const answer = await client.call(`${base(entity)}/search?${query}`, { private: true, headers: { 'REST-Range': `resources=${from}-${from + PAGE}` } })
        const page = read(z.array(z.object({ id: z.string() }).loose()), answer.body, `${entity} documents`)
        found.push(...page)
        if (page.length < PAGE) break
      }
      return found
    },
    /** Creates the document or replaces the fields given. */
    async save(entity: MasterDataEntity, doc: Doc): Promise<void> {
      safe(doc.id, 'document id')
      await client.call(`${base(entity)}/documents?_schema=${SCHEMA_NAME}`, { method: 'PATCH', body: doc, private: true })
    },
    async remove(entity: MasterDataEntity, id: string): Promise<void> {
      await client.call(`${base(entity)}/documents/${encodeURIComponent(safe(id, 'document id'))}`, { method: 'DELETE', private: true })
    },
  }
}
