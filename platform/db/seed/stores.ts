import type { WeekHours } from '../../wire-stores'
import type { Random } from './random'

export interface SeedStore {
  id: string
  name: string
  street: string
  city: string
  region: string
  postalCode: string
  latitude: number
  longitude: number
  hours: WeekHours
  sellerId: string
  vtexSellerId: string
  fastTime: number
  slowTime: number
}

/** City, region, a postal code of the city, centre coordinates and a real-sounding street. */
const CITIES: [string, string, string, number, number, string][] = [
  ['Milano', 'Lombardia', '20124', 45.4642, 9.19, 'Via Vittor Pisani 14'],
  ['Milano', 'Lombardia', '20146', 45.4601, 9.1468, 'Via Lorenteggio 120'],
  ['Roma', 'Lazio', '00185', 41.9028, 12.4964, 'Via Nazionale 190'],
  ['Roma', 'Lazio', '00152', 41.8759, 12.4589, 'Viale dei Colli Portuensi 350'],
  ['Napoli', 'Campania', '80134', 40.8518, 14.2681, 'Via Toledo 256'],
  ['Torino', 'Piemonte', '10121', 45.0703, 7.6869, 'Corso Vittorio Emanuele II 66'],
  ['Genova', 'Liguria', '16121', 44.4056, 8.9463, 'Via XX Settembre 120'],
  ['Savona', 'Liguria', '17100', 44.3091, 8.4772, 'Corso Italia 45'],
  ['Sanremo', 'Liguria', '18038', 43.8159, 7.7761, 'Via Matteotti 98'],
  ['La Spezia', 'Liguria', '19121', 44.1025, 9.8241, 'Via del Prione 33'],
  ['Bologna', 'Emilia-Romagna', '40121', 44.4949, 11.3426, 'Via dell’Indipendenza 45'],
  ['Parma', 'Emilia-Romagna', '43121', 44.8015, 10.3279, 'Via della Repubblica 22'],
  ['Modena', 'Emilia-Romagna', '41121', 44.6471, 10.9252, 'Via Emilia Centro 180'],
  ['Firenze', 'Toscana', '50123', 43.7696, 11.2558, 'Via dei Cerretani 40'],
  ['Pisa', 'Toscana', '56125', 43.7228, 10.4017, 'Corso Italia 112'],
  ['Venezia', 'Veneto', '30171', 45.4908, 12.2424, 'Corso del Popolo 60'],
  ['Verona', 'Veneto', '37121', 45.4384, 10.9916, 'Corso Porta Nuova 30'],
  ['Padova', 'Veneto', '35122', 45.4064, 11.8768, 'Via Roma 72'],
  ['Trieste', 'Friuli-Venezia Giulia', '34122', 45.6495, 13.7768, 'Via Carducci 18'],
  ['Trento', 'Trentino-Alto Adige', '38122', 46.0748, 11.1217, 'Via Manci 55'],
  ['Bergamo', 'Lombardia', '24122', 45.6983, 9.6773, 'Via XX Settembre 40'],
  ['Brescia', 'Lombardia', '25122', 45.5416, 10.2118, 'Corso Zanardelli 25'],
  ['Como', 'Lombardia', '22100', 45.8081, 9.0852, 'Via Milano 88'],
  ['Bari', 'Puglia', '70121', 41.1171, 16.8719, 'Via Sparano da Bari 100'],
  ['Lecce', 'Puglia', '73100', 40.3515, 18.175, 'Via Trinchese 30'],
  ['Palermo', 'Sicilia', '90139', 38.1157, 13.3615, 'Via Ruggero Settimo 55'],
  ['Catania', 'Sicilia', '95131', 37.5079, 15.083, 'Via Etnea 210'],
  ['Cagliari', 'Sardegna', '09124', 39.2238, 9.1217, 'Via Garibaldi 70'],
  ['Perugia', 'Umbria', '06121', 43.1107, 12.3908, 'Corso Vannucci 15'],
  ['Ancona', 'Marche', '60121', 43.6158, 13.5189, 'Corso Garibaldi 90'],
  ['Pescara', 'Abruzzo', '65122', 42.4618, 14.2161, 'Corso Umberto I 60'],
  ['Salerno', 'Campania', '84121', 40.6824, 14.7681, 'Corso Vittorio Emanuele 150'],
  ['Reggio Calabria', 'Calabria', '89127', 38.1113, 15.6476, 'Corso Garibaldi 300'],
  ['Bolzano', 'Trentino-Alto Adige', '39100', 46.4983, 11.3548, 'Via dei Portici 20'],
]

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const

function weekHours(rng: Random): WeekHours {
  const open = rng.pick(['08:30', '09:00', '09:30'])
  const close = rng.pick(['19:30', '20:00', '20:30'])
  const hours = Object.fromEntries(WEEKDAYS.map((day) => [day, { open, close }])) as Omit<WeekHours, 'sunday'>
  return { ...hours, sunday: rng.chance(0.5) ? { open: '10:00', close: '13:00' } : null }
}

export function buildStores(rng: Random): SeedStore[] {
  const perCity = new Map<string, number>()
  return CITIES.map(([city, region, postalCode, lat, lng, street], i) => {
    const n = (perCity.get(city) ?? 0) + 1
    perCity.set(city, n)
    const code = String(i + 1).padStart(3, '0')
    return {
      id: `store-${code}`,
      name: n > 1 ? `Zampa Amica ${city} ${n}` : `Zampa Amica ${city}`,
      street,
      city,
      region,
      postalCode,
      latitude: Number((lat + (rng.next() - 0.5) * 0.02).toFixed(6)),
      longitude: Number((lng + (rng.next() - 0.5) * 0.02).toFixed(6)),
      hours: weekHours(rng),
      sellerId: `pet${code}`,
      vtexSellerId: `zampaamica${code}`,
      fastTime: rng.pick([60, 90, 120, 180, 240]),
      slowTime: rng.pick([1440, 2880, 4320]),
    }
  })
}
