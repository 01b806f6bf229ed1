import { slugify } from '../../lib/slug'
import type { KindId } from './kinds'

/** A node of the seed category tree; `kind` is inherited by children unless overridden. */
interface Node {
  name: string
  kind?: KindId
  children?: Node[]
}

const leaves = (names: string[], kind?: KindId): Node[] => names.map((name) => (kind ? { name, kind } : { name }))

const dogSizes = ['Taglia piccola', 'Taglia media', 'Taglia grande']
const catNeeds = ['Sterilizzato', 'Indoor', 'Pelo lungo']

const TREE: Node[] = [
  {
    name: 'Cane',
    children: [
      {
        name: 'Cibo secco',
        kind: 'dry-food',
        children: ['Puppy', 'Adult', 'Senior'].map((name) => ({ name, children: leaves(dogSizes) })),
      },
      {
        name: 'Cibo umido',
        kind: 'wet-food',
        children: [
          { name: 'Puppy' },
          { name: 'Adult', children: leaves(['Paté', 'Bocconcini']) },
          { name: 'Senior' },
        ],
      },
      { name: 'Snack e premi', kind: 'snack', children: leaves(['Biscotti', 'Masticativi', 'Snack dentali', 'Snack naturali']) },
      {
        name: 'Antiparassitari',
        kind: 'antiparasitic',
        children: [
          { name: 'Pipette spot-on', children: leaves(dogSizes) },
          ...leaves(['Collari antiparassitari', 'Compresse', 'Spray']),
        ],
      },
      { name: 'Giochi', kind: 'toy', children: leaves(['Peluche', 'Palline', 'Corde', 'Giochi interattivi']) },
      { name: 'Cucce e lettiere', kind: 'bed', children: leaves(['Cucce', 'Cuscini', 'Brandine', 'Tappetini']) },
      {
        name: 'Guinzagli e collari',
        kind: 'leash',
        children: [
          { name: 'Guinzagli', children: leaves(['Guinzagli estensibili', 'Guinzagli in nylon', 'Guinzagli in pelle']) },
          ...leaves(['Collari', 'Pettorine']),
        ],
      },
      { name: 'Igiene', kind: 'hygiene', children: leaves(['Shampoo', 'Spazzole e pettini', 'Salviette', 'Sacchetti igienici']) },
      { name: 'Abbigliamento', kind: 'accessory', children: leaves(['Cappottini', 'Impermeabili', 'Maglioncini']) },
    ],
  },
  {
    name: 'Gatto',
    children: [
      {
        name: 'Cibo secco',
        kind: 'dry-food',
        children: ['Kitten', 'Adult', 'Senior'].map((name) => ({ name, children: leaves(catNeeds) })),
      },
      {
        name: 'Cibo umido',
        kind: 'wet-food',
        children: [
          { name: 'Kitten' },
          { name: 'Adult', children: leaves(['Paté', 'Filetti', 'Mousse']) },
          { name: 'Senior' },
        ],
      },
      { name: 'Snack e premi', kind: 'snack', children: leaves(['Snack croccanti', 'Snack cremosi', 'Erba gatta']) },
      { name: 'Antiparassitari', kind: 'antiparasitic', children: leaves(['Pipette spot-on', 'Collari antiparassitari', 'Compresse']) },
      { name: 'Giochi', kind: 'toy', children: leaves(['Tiragraffi', 'Giochi con piume', 'Palline', 'Topini']) },
      {
        name: 'Cucce e lettiere',
        kind: 'litter',
        children: [
          { name: 'Lettiere', children: leaves(['Lettiere agglomeranti', 'Lettiere vegetali', 'Lettiere in silicio']) },
          { name: 'Toilette', kind: 'accessory' },
          { name: 'Cucce', kind: 'bed' },
        ],
      },
      { name: 'Igiene', kind: 'hygiene', children: leaves(['Spazzole e pettini', 'Shampoo', 'Salviette']) },
      { name: 'Trasportini', kind: 'accessory', children: leaves(['Trasportini rigidi', 'Borse da trasporto']) },
    ],
  },
  {
    name: 'Piccoli animali',
    children: [
      { name: 'Alimenti', kind: 'small-food', children: leaves(['Conigli', 'Criceti', 'Cavie', 'Furetti', 'Cincillà']) },
      {
        name: 'Fieno e lettiere',
        kind: 'small-food',
        children: [{ name: 'Fieno' }, { name: 'Lettiere', kind: 'litter', children: leaves(['Trucioli', 'Lettiere in carta']) }],
      },
      { name: 'Gabbie', kind: 'cage', children: leaves(['Gabbie per conigli', 'Gabbie per criceti', 'Recinti']) },
      { name: 'Giochi e accessori', kind: 'toy', children: leaves(['Tunnel', 'Ruote', 'Casette']) },
      { name: 'Igiene', kind: 'hygiene', children: leaves(['Shampoo secco', 'Spazzole']) },
    ],
  },
  {
    name: 'Uccelli',
    children: [
      { name: 'Alimenti', kind: 'bird-food', children: leaves(['Canarini', 'Pappagalli', 'Cocorite', 'Uccelli selvatici']) },
      { name: 'Gabbie', kind: 'cage', children: leaves(['Gabbie', 'Voliere', 'Posatoi']) },
      { name: 'Accessori', kind: 'accessory', children: leaves(['Mangiatoie', 'Abbeveratoi', 'Giochi per uccelli']) },
      { name: 'Igiene', kind: 'hygiene', children: leaves(['Sabbia', 'Vaschette bagno']) },
    ],
  },
  {
    name: 'Pesci',
    children: [
      {
        name: 'Acquari',
        kind: 'aquarium',
        children: [{ name: 'Acquari completi', children: leaves(['Acqua dolce', 'Acqua marina']) }, { name: 'Vasche' }, { name: 'Mobili per acquari' }],
      },
      { name: 'Alimenti', kind: 'fish-food', children: leaves(['Mangime in fiocchi', 'Granulati', 'Pastiglie di fondo']) },
      { name: 'Filtri e pompe', kind: 'aquarium-tech', children: leaves(['Filtri esterni', 'Filtri interni', 'Pompe aria']) },
      { name: 'Illuminazione', kind: 'lighting', children: leaves(['Plafoniere LED', 'Tubi neon']) },
      { name: 'Cura dell’acqua', kind: 'water-care', children: leaves(['Biocondizionatori', 'Test acqua']) },
      { name: 'Decorazioni', kind: 'decoration', children: leaves(['Piante artificiali', 'Rocce', 'Sabbia e ghiaia']) },
    ],
  },
  {
    name: 'Rettili',
    children: [
      { name: 'Terrari', kind: 'terrarium', children: leaves(['Terrari in vetro', 'Faunarium']) },
      { name: 'Alimenti', kind: 'reptile-food', children: leaves(['Tartarughe', 'Sauri', 'Insetti essiccati']) },
      { name: 'Riscaldamento e luci', kind: 'lighting', children: leaves(['Lampade UVB', 'Tappetini riscaldanti']) },
      { name: 'Substrati', kind: 'decoration', children: leaves(['Sabbia', 'Corteccia']) },
      { name: 'Accessori', kind: 'accessory', children: leaves(['Ciotole', 'Nascondigli']) },
    ],
  },
]

export interface SeedCategory {
  id: string
  slug: string
  name: string
  level: number
  parentId: string | null
  position: number
  /** Ids from level 1 down to this category. */
  pathIds: string[]
  pathNames: string[]
  kind: KindId | null
  isLeaf: boolean
}

/**
 * The category tree flattened in depth-first order. Ids are stable ("c1",
 * "c2", …) because the tree above is fixed; `position` orders siblings.
 */
export function buildCategories(): SeedCategory[] {
  const out: SeedCategory[] = []
  const visit = (node: Node, parent: SeedCategory | null, position: number, inherited: KindId | null): void => {
    const id = `c${out.length + 1}`
    const category: SeedCategory = {
      id,
      slug: parent ? `${parent.slug}/${slugify(node.name)}` : slugify(node.name),
      name: node.name,
      level: parent ? parent.level + 1 : 1,
      parentId: parent?.id ?? null,
      position,
      pathIds: [...(parent?.pathIds ?? []), id],
      pathNames: [...(parent?.pathNames ?? []), node.name],
      kind: node.kind ?? inherited,
      isLeaf: !node.children?.length,
    }
    out.push(category)
    node.children?.forEach((child, i) => visit(child, category, i, category.kind))
  }
  TREE.forEach((node, i) => visit(node, null, i, null))
  return out
}
