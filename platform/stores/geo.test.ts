import { Geocoder, greatCircleMetres, normaliseTown } from './geo'

const comune = (nome: string, sigla: string, cap: string[], popolazione = 1000) => ({ nome, sigla, cap, popolazione, regione: { nome: 'Liguria' } })

describe('Geocoder', () => {
  const small = new Geocoder(
    [comune('Genova', 'GE', ['16121', '16122'], 560_000), comune('Camogli', 'GE', ['16032']), comune('Val Nuova', 'GE', ['16099'])],
    [
      { name: 'Camogli', lat: 44.3494, lng: 9.1549, country: 'IT', admin2: 'GE' },
      // Same name in another country or province: never joined.
      { name: 'Val Nuova', lat: 10, lng: 10, country: 'FR', admin2: 'GE' },
      { name: 'Val Nuova', lat: 11, lng: 11, country: 'IT', admin2: 'SV' },
    ],
  )

  it('joins GeoNames coordinates on name and province, and a chief town on its own table', () => {
    expect(small.lookup('camogli')).toMatchObject({ postalCode: '16032', lat: 44.3494, lng: 9.1549 })
    expect(small.lookup('16122')).toMatchObject({ town: 'Genova', lat: 44.41, lng: 8.93 })
  })

  it('places a municipality GeoNames lacks at its province’s chief town, and never reverses to it', () => {
    expect(small.lookup('Val Nuova')).toMatchObject({ lat: 44.41, lng: 8.93 })
    expect(small.coverage).toEqual({ placed: 2, total: 3 })
    expect(small.reverse(44.41, 8.93).town).toBe('Genova')
  })

  it('reverses to the nearest placed municipality and keeps the point given', () => {
    expect(small.reverse(44.35, 9.16)).toMatchObject({ town: 'Camogli', postalCode: '16032', lat: 44.35, lng: 9.16 })
  })

  it('reads names without accents, apostrophes or hyphens mattering', () => {
    expect(normaliseTown("  Sant'Olcese ")).toBe('sant olcese')
    expect(normaliseTown('Corigliano-Rossano')).toBe('corigliano rossano')
    expect(normaliseTown('FORLÌ')).toBe('forli')
  })

  it('measures great-circle distances', () => {
    // Genova to Milano: about 118 km as the crow flies.
    expect(greatCircleMetres({ lat: 44.4056, lng: 8.9463 }, { lat: 45.4642, lng: 9.19 }) / 1000).toBeCloseTo(119, -1)
  })
})

describe('the shipped datasets', () => {
  const geocoder = Geocoder.load()

  it('place almost every Italian municipality at its own coordinates', () => {
    const { placed, total } = geocoder.coverage
    expect(total).toBeGreaterThan(7_800)
    expect(placed / total).toBeGreaterThan(0.93)
  })

  it('put a merged municipality GeoNames does not list at its province’s chief town', () => {
    expect(geocoder.lookup('Corigliano-Rossano')).toMatchObject({ province: 'CS', lat: 39.3, lng: 16.25 })
  })
})
