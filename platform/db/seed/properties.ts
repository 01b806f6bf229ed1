import type { Random } from './random'
import type { Kind, KindId, PropertyName } from './kinds'

/** A flavour with the Italian phrase used in names: "Pollo" → "al pollo". */
export interface Flavour {
  value: string
  phrase: string
  ingredients: string
}

export const FLAVOURS: Flavour[] = [
  { value: 'Pollo', phrase: 'al pollo', ingredients: 'Pollo e riso' },
  { value: 'Manzo', phrase: 'al manzo', ingredients: 'Manzo e verdure' },
  { value: 'Agnello', phrase: 'all’agnello', ingredients: 'Agnello e riso' },
  { value: 'Salmone', phrase: 'al salmone', ingredients: 'Salmone e patate' },
  { value: 'Tonno', phrase: 'al tonno', ingredients: 'Tonno e gamberetti' },
  { value: 'Tacchino', phrase: 'al tacchino', ingredients: 'Tacchino e zucca' },
  { value: 'Anatra', phrase: 'all’anatra', ingredients: 'Anatra e piselli' },
  { value: 'Coniglio', phrase: 'al coniglio', ingredients: 'Coniglio e carote' },
  { value: 'Merluzzo', phrase: 'al merluzzo', ingredients: 'Merluzzo e patate dolci' },
  { value: 'Maiale', phrase: 'al maiale', ingredients: 'Maiale e orzo' },
  { value: 'Cervo', phrase: 'al cervo', ingredients: 'Cervo e mirtilli' },
  { value: 'Trota', phrase: 'alla trota', ingredients: 'Trota e riso integrale' },
]

/** What the category path says about the products under it. */
export interface CategoryContext {
  top: string
  kindId: KindId
  kind: Kind
  /** Level-3 and level-4 names, when present. */
  level3: string | null
  level4: string | null
  leaf: string
}

const SPECIES_BY_TOP: Record<string, { label: string; phrase: string }> = {
  cane: { label: 'Cane', phrase: 'il tuo cane' },
  gatto: { label: 'Gatto', phrase: 'il tuo gatto' },
  'piccoli-animali': { label: 'Roditori', phrase: 'conigli e piccoli roditori' },
  uccelli: { label: 'Uccelli', phrase: 'uccelli da gabbia e da voliera' },
  pesci: { label: 'Pesci d’acqua dolce', phrase: 'pesci d’acqua dolce' },
  rettili: { label: 'Rettili', phrase: 'rettili e anfibi' },
}

const SPECIES_BY_LEAF: Record<string, { label: string; phrase: string }> = {
  Conigli: { label: 'Coniglio', phrase: 'i conigli nani' },
  Criceti: { label: 'Criceto', phrase: 'criceti e gerbilli' },
  Cavie: { label: 'Cavia', phrase: 'le cavie' },
  Furetti: { label: 'Furetto', phrase: 'i furetti' },
  Cincillà: { label: 'Cincillà', phrase: 'i cincillà' },
  Canarini: { label: 'Canarino', phrase: 'canarini ed esotici' },
  Pappagalli: { label: 'Pappagallo', phrase: 'pappagalli e parrocchetti' },
  Cocorite: { label: 'Cocorita', phrase: 'le cocorite' },
  'Uccelli selvatici': { label: 'Uccelli selvatici', phrase: 'gli uccelli selvatici in giardino' },
  'Acqua marina': { label: 'Pesci marini', phrase: 'pesci marini e invertebrati' },
  Tartarughe: { label: 'Tartaruga', phrase: 'tartarughe acquatiche e terrestri' },
  Sauri: { label: 'Sauri', phrase: 'gechi, iguane e altri sauri' },
}

export function speciesOf(ctx: CategoryContext): { label: string; phrase: string } {
  return SPECIES_BY_LEAF[ctx.leaf] ?? SPECIES_BY_TOP[ctx.top] ?? { label: 'Tutti', phrase: 'il tuo animale' }
}

const AGE_BY_STAGE: Record<string, string> = { Puppy: 'Cucciolo', Kitten: 'Gattino', Adult: 'Adulto', Senior: 'Senior' }
const SIZE_BY_LEAF: Record<string, string> = { 'Taglia piccola': 'Piccola', 'Taglia media': 'Media', 'Taglia grande': 'Grande' }
const NEEDS_BY_LEAF: Record<string, string> = { Sterilizzato: 'Sterilizzato', Indoor: 'Vita in casa', 'Pelo lungo': 'Pelle e pelo' }
const TEXTURE_BY_LEAF: Record<string, string> = { Paté: 'Paté', Bocconcini: 'Bocconcini in salsa', Filetti: 'Filetti in gelatina', Mousse: 'Mousse' }

const POOLS: Partial<Record<PropertyName, string[]>> = {
  'Esigenze specifiche': ['Pelle e pelo', 'Digestione sensibile', 'Controllo del peso', 'Articolazioni', 'Urinario', 'Ipoallergenico', 'Igiene orale', 'Nessuna esigenza specifica'],
  'Caratteristiche nutrizionali': ['Grain free', 'Monoproteico', 'Senza conservanti', 'Ricco di Omega 3', 'Light', 'Alto contenuto proteico', 'Con prebiotici'],
  Cereali: ['Con cereali', 'Senza cereali', 'Cereali integrali'],
  Colore: ['Nero', 'Rosso', 'Blu', 'Verde', 'Grigio', 'Beige', 'Rosa', 'Arancione', 'Multicolore', 'Marrone'],
  Materiale: ['Nylon', 'Cotone', 'Gomma naturale', 'Plastica riciclata', 'Legno', 'Vetro', 'Acciaio inox', 'Poliestere', 'Corda', 'Pelle', 'Silicio', 'Argilla bentonitica', 'Fibre vegetali'],
  Stagione: ['Tutto l’anno', 'Primavera-Estate', 'Autunno-Inverno'],
  Certificazioni: ['Made in Italy', 'Cruelty free', 'Biologico', 'MSC pesca sostenibile', 'FSC', 'Vegan'],
  Taglia: ['Toy', 'Piccola', 'Media', 'Grande', 'Gigante'],
}

const BREEDS: Record<string, string[]> = {
  cane: ['Tutte le razze', 'Razze piccole', 'Razze grandi', 'Labrador', 'Bassotto', 'Chihuahua', 'Pastore tedesco', 'Bulldog francese', 'Golden retriever'],
  gatto: ['Tutte le razze', 'Europeo', 'Persiano', 'Maine Coon', 'Siamese', 'British Shorthair'],
}

const FORMAT_BY_SHAPE: Record<string, string> = {
  bag: 'Sacco',
  can: 'Lattina',
  box: 'Scatola',
  bottle: 'Flacone',
  tube: 'Barattolo',
  toy: 'Sfuso',
  tank: 'Imballo singolo',
}

const FOOD_TYPE_BY_KIND: Partial<Record<KindId, string>> = {
  'dry-food': 'Secco',
  'wet-food': 'Umido',
  snack: 'Snack',
  'small-food': 'Alimento completo',
  'bird-food': 'Alimento completo',
  'fish-food': 'Alimento completo',
  'reptile-food': 'Alimento complementare',
}

/** Everything a product's properties may depend on. */
export interface PropertyInputs {
  ctx: CategoryContext
  flavour: Flavour | null
  line: string
  /** Label of the first variant, e.g. "50 x 40 cm". */
  firstSize: string
  multipack: boolean
}

/** The value of one property for a product, or null when it does not apply. */
export function propertyValue(name: PropertyName, input: PropertyInputs, rng: Random): string | null {
  const { ctx, flavour } = input
  switch (name) {
    case 'Gusto':
      return flavour?.value ?? null
    case 'Proteina animale':
      return flavour?.value ?? null
    case 'Ingredienti principali':
      return flavour?.ingredients ?? rng.pick(['Erbe di prato', 'Semi selezionati', 'Ortaggi', 'Gamberetti', 'Insetti'])
    case 'Età':
      return (ctx.level3 && AGE_BY_STAGE[ctx.level3]) || 'Tutte le età'
    case 'Taglia':
      if (ctx.top !== 'cane' && ctx.top !== 'gatto') return null
      return (ctx.level4 && SIZE_BY_LEAF[ctx.level4]) || rng.pick(POOLS.Taglia ?? [])
    case 'Razza':
      return BREEDS[ctx.top] ? rng.pick(BREEDS[ctx.top] ?? []) : null
    case 'Esigenze specifiche':
      return (ctx.level4 && NEEDS_BY_LEAF[ctx.level4]) || rng.pick(POOLS['Esigenze specifiche'] ?? [])
    case 'Consistenza':
      if (ctx.kindId === 'dry-food') return 'Crocchette'
      return TEXTURE_BY_LEAF[ctx.leaf] ?? rng.pick(['Croccante', 'Morbido', 'Paté', 'Stick', 'Cremoso'])
    case 'Tipo di alimento':
      return FOOD_TYPE_BY_KIND[ctx.kindId] ?? null
    case 'Formato':
      return input.multipack ? 'Confezione multipla' : (FORMAT_BY_SHAPE[ctx.kind.shape] ?? null)
    case 'Tipologia':
      return ctx.leaf
    case 'Specie':
      return speciesOf(ctx).label
    case 'Linea':
      return input.line
    case 'Dimensioni':
      return /cm|l$/.test(input.firstSize) ? input.firstSize : rng.pick(['Ø 6 cm', '15 x 10 cm', '25 x 20 cm', '40 x 30 cm', 'Lunghezza 120 cm'])
    default:
      return rng.pick(POOLS[name] ?? ['Standard'])
  }
}
