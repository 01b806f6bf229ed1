/**
 * Product kinds: what a leaf category sells. A kind fixes how product names are
 * built, which sizes its variants come in, their price range, which of the 20
 * property names apply, and the pack shape of its generated pictures.
 */

export type KindId =
  | 'dry-food'
  | 'wet-food'
  | 'snack'
  | 'antiparasitic'
  | 'toy'
  | 'bed'
  | 'litter'
  | 'leash'
  | 'hygiene'
  | 'accessory'
  | 'small-food'
  | 'cage'
  | 'bird-food'
  | 'aquarium'
  | 'fish-food'
  | 'aquarium-tech'
  | 'lighting'
  | 'water-care'
  | 'decoration'
  | 'terrarium'
  | 'reptile-food'

/** Brands declare which groups they make. */
export type BrandGroup = 'food' | 'care' | 'gear' | 'aquatic' | 'terra'

/** Silhouette of the generated product picture. */
export type Shape = 'bag' | 'can' | 'box' | 'bottle' | 'toy' | 'tank' | 'tube'

/**
 * The 20 property names products are described by. The storefront's list
 * (src/config/productProperties.ts, the names and order a product page shows)
 * is the source; the platform imports nothing of the storefront, so it keeps
 * this copy, and tests/shared/productProperties.test.ts proves the two agree.
 */
export const PROPERTY_NAMES = [
  'Gusto',
  'Esigenze specifiche',
  'Caratteristiche nutrizionali',
  'Età',
  'Razza',
  'Taglia',
  'Tipo di alimento',
  'Formato',
  'Consistenza',
  'Ingredienti principali',
  'Cereali',
  'Proteina animale',
  'Colore',
  'Materiale',
  'Dimensioni',
  'Stagione',
  'Tipologia',
  'Specie',
  'Linea',
  'Certificazioni',
] as const
export type PropertyName = (typeof PROPERTY_NAMES)[number]

export interface Size {
  label: string
  /** Quantity in the size's own unit, used to scale the price. */
  amount: number
  /** Units in a multipack (unitMultiplier); 1 when absent. */
  multiplier?: number
}

export interface Kind {
  group: BrandGroup
  /** Opening word(s) of product names, e.g. "Crocchette". */
  nouns: string[]
  sizes: Size[]
  maxVariants: number
  /** Price range in euros of the smallest size. */
  basePrice: [number, number]
  /** Price grows as (amount ratio)^growth: below 1 makes big packs cheaper per unit. */
  growth: number
  shape: Shape
  properties: PropertyName[]
  /** Whether names carry a flavour ("al pollo"). */
  flavoured: boolean
  /** Whether products may be bought on subscription. */
  subscribable: boolean
  /** Sentences for descriptions; {species}, {brand}, {flavour}, {line} are filled in. */
  sentences: string[]
}

const g = (label: string, amount: number, multiplier?: number): Size => (multiplier ? { label, amount, multiplier } : { label, amount })

const FOOD_PROPS: PropertyName[] = [
  'Gusto',
  'Esigenze specifiche',
  'Caratteristiche nutrizionali',
  'Età',
  'Tipo di alimento',
  'Formato',
  'Ingredienti principali',
  'Cereali',
  'Proteina animale',
  'Specie',
  'Linea',
]

export const KINDS: Record<KindId, Kind> = {
  'dry-food': {
    group: 'food',
    nouns: ['Crocchette'],
    sizes: [g('400 g', 0.4), g('800 g', 0.8), g('1,5 kg', 1.5), g('3 kg', 3), g('7 kg', 7), g('12 kg', 12)],
    maxVariants: 4,
    basePrice: [3.5, 9],
    growth: 0.82,
    shape: 'bag',
    properties: [...FOOD_PROPS, 'Taglia', 'Razza', 'Consistenza', 'Certificazioni'],
    flavoured: true,
    subscribable: true,
    sentences: [
      'Alimento completo e bilanciato per {species}, formulato con {flavour} come prima fonte di proteine.',
      'Le crocchette della linea {line} favoriscono una digestione regolare e un pelo lucido.',
      'Arricchito con vitamine, minerali e acidi grassi Omega 3 e Omega 6.',
      'Senza coloranti né conservanti artificiali aggiunti.',
      'La forma della crocchetta è studiata per incoraggiare la masticazione e aiutare l’igiene orale.',
      'Prodotto in stabilimenti certificati con materie prime selezionate.',
    ],
  },
  'wet-food': {
    group: 'food',
    nouns: ['Umido', 'Paté', 'Bocconcini'],
    sizes: [g('85 g', 0.085), g('400 g', 0.4), g('6 x 400 g', 2.4, 6), g('12 x 85 g', 1.02, 12), g('24 x 85 g', 2.04, 24)],
    maxVariants: 3,
    basePrice: [0.79, 2.2],
    growth: 0.9,
    shape: 'can',
    properties: [...FOOD_PROPS, 'Consistenza'],
    flavoured: true,
    subscribable: true,
    sentences: [
      'Alimento umido per {species} preparato con {flavour} e cotto a vapore per conservarne il gusto.',
      'Ideale da solo o in abbinamento alle crocchette della linea {line}.',
      'Ricco di acqua, aiuta a mantenere una corretta idratazione.',
      'Senza zuccheri aggiunti né conservanti artificiali.',
      'Una volta aperto, conservare in frigorifero e consumare entro 48 ore.',
    ],
  },
  snack: {
    group: 'food',
    nouns: ['Snack', 'Premietti', 'Biscotti', 'Stick'],
    sizes: [g('60 g', 0.06), g('100 g', 0.1), g('150 g', 0.15), g('500 g', 0.5), g('3 x 100 g', 0.3, 3)],
    maxVariants: 3,
    basePrice: [1.5, 4.5],
    growth: 0.85,
    shape: 'bag',
    properties: ['Gusto', 'Esigenze specifiche', 'Età', 'Tipo di alimento', 'Formato', 'Consistenza', 'Specie', 'Linea', 'Cereali'],
    flavoured: true,
    subscribable: false,
    sentences: [
      'Snack gustosi per {species} con {flavour}, perfetti come premio durante l’addestramento.',
      'Da somministrare come complemento a una dieta bilanciata.',
      'La consistenza croccante aiuta a ridurre la formazione di placca.',
      'Lasciare sempre a disposizione acqua fresca e pulita.',
    ],
  },
  antiparasitic: {
    group: 'care',
    nouns: ['Antiparassitario', 'Protezione antipulci', 'Trattamento'],
    sizes: [g('1 pipetta', 1), g('3 pipette', 3), g('6 pipette', 6)],
    maxVariants: 3,
    basePrice: [7.9, 16],
    growth: 0.9,
    shape: 'box',
    properties: ['Taglia', 'Tipologia', 'Specie', 'Stagione', 'Età', 'Linea', 'Formato'],
    flavoured: false,
    subscribable: true,
    sentences: [
      'Protegge {species} da pulci, zecche e pappataci fino a quattro settimane.',
      'Facile da applicare, resistente all’acqua dopo 48 ore.',
      'Leggere attentamente il foglietto illustrativo prima dell’uso.',
      'Non utilizzare su animali malati o convalescenti senza il parere del veterinario.',
    ],
  },
  toy: {
    group: 'gear',
    nouns: ['Gioco', 'Pallina', 'Peluche', 'Gioco interattivo'],
    sizes: [g('S', 1), g('M', 1.4), g('L', 1.9)],
    maxVariants: 3,
    basePrice: [2.9, 12],
    growth: 0.7,
    shape: 'toy',
    properties: ['Colore', 'Materiale', 'Dimensioni', 'Tipologia', 'Specie', 'Età'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Un gioco resistente pensato per il divertimento quotidiano di {species}.',
      'Stimola l’istinto naturale e aiuta a scaricare l’energia in modo sano.',
      'Materiali atossici e facili da lavare.',
      'Non lasciare l’animale incustodito durante il gioco.',
    ],
  },
  bed: {
    group: 'gear',
    nouns: ['Cuccia', 'Cuscino', 'Letto'],
    sizes: [g('50 x 40 cm', 1), g('70 x 55 cm', 1.9), g('90 x 70 cm', 3.1), g('110 x 85 cm', 4.7)],
    maxVariants: 4,
    basePrice: [14.9, 29.9],
    growth: 0.6,
    shape: 'box',
    properties: ['Colore', 'Materiale', 'Dimensioni', 'Taglia', 'Specie', 'Stagione'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Una cuccia morbida e accogliente dove {species} può riposare in tutta comodità.',
      'Il fondo antiscivolo la mantiene stabile su ogni pavimento.',
      'Fodera sfoderabile e lavabile in lavatrice a 30 °C.',
    ],
  },
  litter: {
    group: 'care',
    nouns: ['Lettiera'],
    sizes: [g('5 l', 5), g('10 l', 10), g('20 l', 20), g('3 x 10 l', 30, 3)],
    maxVariants: 3,
    basePrice: [3.9, 8.9],
    growth: 0.85,
    shape: 'bag',
    properties: ['Materiale', 'Tipologia', 'Formato', 'Specie', 'Certificazioni', 'Linea'],
    flavoured: false,
    subscribable: true,
    sentences: [
      'Lettiera ad alto potere assorbente che trattiene gli odori a lungo.',
      'Forma grumi compatti facili da rimuovere e riduce la polvere.',
      'Adatta a {species}; si consiglia uno strato di 5–7 cm.',
    ],
  },
  leash: {
    group: 'gear',
    nouns: ['Guinzaglio', 'Collare', 'Pettorina'],
    sizes: [g('S', 1), g('M', 1.2), g('L', 1.4), g('XL', 1.6)],
    maxVariants: 4,
    basePrice: [6.9, 19.9],
    growth: 0.6,
    shape: 'tube',
    properties: ['Colore', 'Materiale', 'Dimensioni', 'Taglia', 'Tipologia', 'Specie'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Robusto e leggero, pensato per le passeggiate quotidiane con {species}.',
      'Moschettone in metallo cromato e cuciture rinforzate.',
      'Inserti riflettenti per una maggiore visibilità di sera.',
    ],
  },
  hygiene: {
    group: 'care',
    nouns: ['Shampoo', 'Spazzola', 'Salviette detergenti', 'Spray igienizzante'],
    sizes: [g('200 ml', 1), g('500 ml', 2.5), g('1 l', 5)],
    maxVariants: 3,
    basePrice: [3.5, 11.9],
    growth: 0.75,
    shape: 'bottle',
    properties: ['Esigenze specifiche', 'Tipologia', 'Formato', 'Specie', 'Certificazioni', 'Linea'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Prodotto per l’igiene quotidiana di {species}, delicato sulla pelle.',
      'Formula dermatologicamente testata con estratti vegetali.',
      'Lascia il pelo morbido e profumato.',
    ],
  },
  accessory: {
    group: 'gear',
    nouns: ['Accessorio', 'Ciotola', 'Trasportino', 'Cappottino'],
    sizes: [g('S', 1), g('M', 1.3), g('L', 1.7)],
    maxVariants: 3,
    basePrice: [4.9, 24.9],
    growth: 0.7,
    shape: 'box',
    properties: ['Colore', 'Materiale', 'Dimensioni', 'Tipologia', 'Specie', 'Stagione'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Accessorio pratico e resistente per la vita di tutti i giorni con {species}.',
      'Materiali di qualità, facili da pulire.',
      'Disponibile in più misure per adattarsi a ogni esigenza.',
    ],
  },
  'small-food': {
    group: 'food',
    nouns: ['Alimento completo', 'Misto', 'Fieno'],
    sizes: [g('500 g', 0.5), g('1 kg', 1), g('2,5 kg', 2.5), g('5 kg', 5)],
    maxVariants: 3,
    basePrice: [2.5, 6.5],
    growth: 0.85,
    shape: 'bag',
    properties: ['Caratteristiche nutrizionali', 'Età', 'Tipo di alimento', 'Formato', 'Ingredienti principali', 'Specie', 'Linea', 'Certificazioni'],
    flavoured: false,
    subscribable: true,
    sentences: [
      'Alimento ricco di fibre pensato per {species}.',
      'Contiene erbe di prato essiccate e ortaggi selezionati.',
      'Aiuta la naturale usura dei denti e una digestione corretta.',
    ],
  },
  cage: {
    group: 'gear',
    nouns: ['Gabbia', 'Voliera', 'Recinto'],
    sizes: [g('S', 1), g('M', 1.5), g('L', 2.2)],
    maxVariants: 3,
    basePrice: [24.9, 59.9],
    growth: 0.8,
    shape: 'box',
    properties: ['Colore', 'Materiale', 'Dimensioni', 'Tipologia', 'Specie'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Spaziosa e sicura, offre a {species} un ambiente confortevole.',
      'Fondo estraibile per una pulizia rapida.',
      'Fornita con mangiatoie, abbeveratoio e posatoi.',
    ],
  },
  'bird-food': {
    group: 'food',
    nouns: ['Miscela di semi', 'Pastoncino', 'Estrusi'],
    sizes: [g('400 g', 0.4), g('1 kg', 1), g('4 kg', 4), g('20 kg', 20)],
    maxVariants: 3,
    basePrice: [1.9, 5.9],
    growth: 0.8,
    shape: 'bag',
    properties: ['Caratteristiche nutrizionali', 'Tipo di alimento', 'Formato', 'Ingredienti principali', 'Specie', 'Linea', 'Stagione'],
    flavoured: false,
    subscribable: true,
    sentences: [
      'Miscela selezionata per l’alimentazione quotidiana di {species}.',
      'Semi puliti e depolverati, arricchiti con vitamine.',
      'Favorisce un piumaggio brillante e un canto vivace.',
    ],
  },
  aquarium: {
    group: 'aquatic',
    nouns: ['Acquario', 'Vasca', 'Mobile per acquario'],
    sizes: [g('30 l', 30), g('60 l', 60), g('120 l', 120), g('200 l', 200)],
    maxVariants: 3,
    basePrice: [39.9, 89.9],
    growth: 0.8,
    shape: 'tank',
    properties: ['Dimensioni', 'Materiale', 'Colore', 'Tipologia', 'Specie'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Acquario in vetro float di alta qualità, ideale per {species}.',
      'Fornito con coperchio, illuminazione LED e filtro interno.',
      'Perfetto per chi inizia e per gli acquariofili esperti.',
    ],
  },
  'fish-food': {
    group: 'aquatic',
    nouns: ['Mangime', 'Fiocchi', 'Granuli'],
    sizes: [g('100 ml', 1), g('250 ml', 2.5), g('1 l', 10)],
    maxVariants: 3,
    basePrice: [2.9, 6.9],
    growth: 0.8,
    shape: 'tube',
    properties: ['Caratteristiche nutrizionali', 'Tipo di alimento', 'Formato', 'Specie', 'Linea'],
    flavoured: false,
    subscribable: true,
    sentences: [
      'Alimento completo per {species}, non intorbidisce l’acqua.',
      'Esalta i colori naturali grazie ai carotenoidi.',
      'Somministrare più volte al giorno in piccole quantità.',
    ],
  },
  'aquarium-tech': {
    group: 'aquatic',
    nouns: ['Filtro', 'Pompa', 'Riscaldatore'],
    sizes: [g('fino a 60 l', 1), g('fino a 150 l', 1.6), g('fino a 300 l', 2.5)],
    maxVariants: 3,
    basePrice: [14.9, 39.9],
    growth: 0.8,
    shape: 'box',
    properties: ['Dimensioni', 'Tipologia', 'Materiale', 'Specie'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Tecnica affidabile e silenziosa per acquari di {species}.',
      'Bassi consumi energetici e manutenzione semplice.',
      'Garanzia del produttore di due anni.',
    ],
  },
  lighting: {
    group: 'aquatic',
    nouns: ['Lampada', 'Plafoniera'],
    sizes: [g('30 cm', 1), g('60 cm', 1.8), g('90 cm', 2.6)],
    maxVariants: 3,
    basePrice: [12.9, 34.9],
    growth: 0.8,
    shape: 'tube',
    properties: ['Dimensioni', 'Tipologia', 'Colore', 'Specie'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Illuminazione studiata per il benessere di {species}.',
      'Riproduce lo spettro della luce naturale.',
      'Installazione semplice con staffe incluse.',
    ],
  },
  'water-care': {
    group: 'aquatic',
    nouns: ['Biocondizionatore', 'Test', 'Trattamento acqua'],
    sizes: [g('100 ml', 1), g('250 ml', 2.5), g('500 ml', 5)],
    maxVariants: 3,
    basePrice: [4.9, 12.9],
    growth: 0.75,
    shape: 'bottle',
    properties: ['Tipologia', 'Formato', 'Specie', 'Linea'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Rende l’acqua del rubinetto sicura per {species}.',
      'Neutralizza cloro e metalli pesanti in pochi minuti.',
      'Dosare secondo le indicazioni riportate sulla confezione.',
    ],
  },
  decoration: {
    group: 'terra',
    nouns: ['Decorazione', 'Substrato', 'Roccia'],
    sizes: [g('1 pz', 1), g('4 l', 2), g('10 l', 4), g('25 l', 8)],
    maxVariants: 3,
    basePrice: [3.9, 12.9],
    growth: 0.8,
    shape: 'bag',
    properties: ['Colore', 'Materiale', 'Dimensioni', 'Tipologia', 'Specie'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Rende più naturale l’ambiente di {species}.',
      'Materiale inerte, non altera i valori dell’acqua o del terrario.',
      'Sciacquare accuratamente prima dell’uso.',
    ],
  },
  terrarium: {
    group: 'terra',
    nouns: ['Terrario'],
    sizes: [g('45 x 45 x 60 cm', 1), g('60 x 45 x 60 cm', 1.4), g('90 x 45 x 60 cm', 2)],
    maxVariants: 3,
    basePrice: [59.9, 119],
    growth: 0.8,
    shape: 'tank',
    properties: ['Dimensioni', 'Materiale', 'Tipologia', 'Specie'],
    flavoured: false,
    subscribable: false,
    sentences: [
      'Terrario in vetro con ventilazione frontale e superiore per {species}.',
      'Doppia anta apribile con serratura di sicurezza.',
      'Fondo impermeabile rialzato per l’installazione di un tappetino riscaldante.',
    ],
  },
  'reptile-food': {
    group: 'terra',
    nouns: ['Alimento', 'Gamberetti essiccati', 'Insetti essiccati'],
    sizes: [g('50 g', 1), g('150 g', 3), g('250 g', 5)],
    maxVariants: 3,
    basePrice: [3.5, 8.9],
    growth: 0.8,
    shape: 'tube',
    properties: ['Caratteristiche nutrizionali', 'Tipo di alimento', 'Formato', 'Ingredienti principali', 'Specie', 'Linea'],
    flavoured: false,
    subscribable: true,
    sentences: [
      'Alimento completo per {species}, ricco di calcio e vitamina D3.',
      'Ingredienti naturali essiccati che conservano il valore nutritivo.',
      'Somministrare a giorni alterni secondo l’età dell’animale.',
    ],
  },
}
