import { slugify } from '../../lib/slug'
import type { BrandGroup } from './kinds'

type Top = 'cane' | 'gatto' | 'piccoli-animali' | 'uccelli' | 'pesci' | 'rettili'

interface BrandSpec {
  name: string
  tops: Top[] | 'all'
  groups: BrandGroup[] | 'all'
  privateLabel?: boolean
  /** Product lines the brand sells under, used in names and the "Linea" property. */
  lines: string[]
}

const DOG_CAT: Top[] = ['cane', 'gatto']

const SPECS: BrandSpec[] = [
  { name: 'Zampa Amica', tops: 'all', groups: 'all', privateLabel: true, lines: ['Quotidiano', 'Natural', 'Premium'] },
  { name: 'Zampa Amica Vet', tops: DOG_CAT, groups: ['food', 'care'], privateLabel: true, lines: ['Veterinary Diet', 'Sensitive'] },
  { name: 'Coda Felice', tops: ['cane', 'gatto', 'piccoli-animali'], groups: ['food', 'gear'], privateLabel: true, lines: ['Classic', 'Light'] },
  { name: 'Blu Laguna', tops: ['pesci'], groups: ['aquatic'], privateLabel: true, lines: ['Basic', 'Pro'] },
  { name: 'Naturalia Pet', tops: DOG_CAT, groups: ['food'], lines: ['Vital', 'Grain Free', 'Bio'] },
  { name: 'Vitalcane', tops: ['cane'], groups: ['food'], lines: ['Energy', 'Daily', 'Maxi'] },
  { name: 'Felinia', tops: ['gatto'], groups: ['food'], lines: ['Délice', 'Sterilised', 'Kitten Care'] },
  { name: 'Micio Gourmet', tops: ['gatto'], groups: ['food'], lines: ['Gran Menù', 'Delizie'] },
  { name: 'Fattoria Italiana Pet', tops: DOG_CAT, groups: ['food'], lines: ['Tradizione', 'Monoproteico'] },
  { name: 'Alpenhund', tops: ['cane'], groups: ['food'], lines: ['Alpine', 'Wild'] },
  { name: 'Nordic Paws', tops: DOG_CAT, groups: ['food'], lines: ['Salmon Line', 'Arctic'] },
  { name: 'Terra Mia Pet', tops: DOG_CAT, groups: ['food'], lines: ['Orto', 'Campagna'] },
  { name: 'Mediterranea Pet', tops: DOG_CAT, groups: ['food'], lines: ['Sole', 'Ulivo'] },
  { name: 'Valle Verde Petfood', tops: ['cane', 'gatto', 'piccoli-animali'], groups: ['food'], lines: ['Natural', 'Senior Care'] },
  { name: 'Croccà', tops: DOG_CAT, groups: ['food'], lines: ['Crunchy', 'Mini Bites'] },
  { name: 'Snackorama', tops: DOG_CAT, groups: ['food'], lines: ['Fun', 'Dental'] },
  { name: 'Dentabau', tops: ['cane'], groups: ['food', 'care'], lines: ['Dental Care', 'Fresh'] },
  { name: 'Fido Select', tops: ['cane'], groups: ['food', 'gear'], lines: ['Daily', 'Sport'] },
  { name: 'Ronron', tops: ['gatto'], groups: ['food', 'gear'], lines: ['Câlin', 'Indoor'] },
  { name: 'Gattolandia', tops: ['gatto'], groups: ['gear', 'care'], lines: ['Home', 'Play'] },
  { name: 'VetLine', tops: DOG_CAT, groups: ['care', 'food'], lines: ['Renal', 'Gastro', 'Derma'] },
  { name: 'DermaPet Care', tops: ['cane', 'gatto', 'piccoli-animali'], groups: ['care'], lines: ['Dermo', 'Delicato'] },
  { name: 'Parassistop', tops: DOG_CAT, groups: ['care'], lines: ['Spot Plus', 'Duo'] },
  { name: 'Antipulce Plus', tops: DOG_CAT, groups: ['care'], lines: ['Classic', 'Forte'] },
  { name: 'Lettiera Pura', tops: ['gatto', 'piccoli-animali'], groups: ['care'], lines: ['Clump', 'Natural Wood'] },
  { name: 'Sabbiolina', tops: ['gatto', 'uccelli'], groups: ['care'], lines: ['Fresh', 'Silver'] },
  { name: 'Ludopet', tops: ['cane', 'gatto', 'piccoli-animali', 'uccelli'], groups: ['gear'], lines: ['Play', 'Smart'] },
  { name: 'Mordimi', tops: ['cane'], groups: ['gear'], lines: ['Tough', 'Soft'] },
  { name: 'Cuccia Comoda', tops: DOG_CAT, groups: ['gear'], lines: ['Relax', 'Memory'] },
  { name: 'Guinzaglio d’Oro', tops: ['cane', 'gatto'], groups: ['gear'], lines: ['City', 'Trekking'] },
  { name: 'Trottola', tops: ['cane', 'gatto'], groups: ['gear'], lines: ['Urban', 'Color'] },
  { name: 'Bau Bau Lab', tops: ['cane'], groups: ['gear', 'care'], lines: ['Lab', 'Outdoor'] },
  { name: 'Rodilandia', tops: ['piccoli-animali'], groups: ['food', 'gear'], lines: ['Fattoria', 'Complete'] },
  { name: 'Fieno d’Alpe', tops: ['piccoli-animali'], groups: ['food'], lines: ['Prato', 'Montagna'] },
  { name: 'Conigliolo', tops: ['piccoli-animali'], groups: ['food', 'gear', 'care'], lines: ['Junior', 'Adult'] },
  { name: 'Ornitalia', tops: ['uccelli'], groups: ['food', 'gear', 'care'], lines: ['Classica', 'Selezione'] },
  { name: 'Cinguettio', tops: ['uccelli'], groups: ['food', 'gear'], lines: ['Canto', 'Muta'] },
  { name: 'Piumaverde', tops: ['uccelli'], groups: ['food', 'care'], lines: ['Bio', 'Tropical'] },
  { name: 'AquaViva', tops: ['pesci'], groups: ['aquatic'], lines: ['Nano', 'Scaper'] },
  { name: 'Corallo Blu', tops: ['pesci'], groups: ['aquatic'], lines: ['Reef', 'Marine'] },
  { name: 'Aquaterra', tops: ['pesci', 'rettili'], groups: ['aquatic', 'terra'], lines: ['Natura', 'Tech'] },
  { name: 'Rettilia', tops: ['rettili'], groups: ['terra'], lines: ['Desert', 'Tropical'] },
  { name: 'Desert Zone', tops: ['rettili'], groups: ['terra'], lines: ['Sahara', 'Outback'] },
  { name: 'Terrarium Lab', tops: ['rettili'], groups: ['terra', 'aquatic'], lines: ['Lab', 'Habitat'] },
  { name: 'Pratosano', tops: ['piccoli-animali', 'uccelli'], groups: ['food'], lines: ['Erbe', 'Semi'] },
  { name: 'Ciotola d’Argento', tops: 'all', groups: ['gear'], lines: ['Inox', 'Design'] },
]

export interface SeedBrand {
  id: string
  slug: string
  name: string
  privateLabel: boolean
  tops: Top[] | 'all'
  groups: BrandGroup[] | 'all'
  lines: string[]
}

export function buildBrands(): SeedBrand[] {
  return SPECS.map((spec, i) => ({
    id: `b${i + 1}`,
    slug: slugify(spec.name),
    name: spec.name,
    privateLabel: spec.privateLabel ?? false,
    tops: spec.tops,
    groups: spec.groups,
    lines: spec.lines,
  }))
}

/** Brands that make `group` products for the `top` category. Never empty: the shop's own brand makes everything. */
export function brandsFor(brands: readonly SeedBrand[], top: string, group: BrandGroup): SeedBrand[] {
  return brands.filter(
    (b) => (b.tops === 'all' || (b.tops as string[]).includes(top)) && (b.groups === 'all' || b.groups.includes(group)),
  )
}
