/**
 * The forms' words for editors: an Italian label for every field of the nine
 * content types, and a short help where the label alone does not say enough.
 * A field is looked up by its name, first with its content type and parent
 * list (`footer.sections.items`), then with its parent alone
 * (`blocks.items`), then with its content type (`menu.label`), then by itself:
 * the same name means the same thing almost everywhere, so the table stays
 * short. labels.test.ts fails when a schema gains a field with no label here.
 */

export interface FieldWords {
  label: string
  help?: string
}

const w = (label: string, help?: string): FieldWords => (help ? { label, help } : { label })

const IMAGE_HELP = 'Un percorso /cms/… (carica l’immagine qui accanto) o un indirizzo https.'
const SEO_TITLE = w('Titolo per il browser', 'Il titolo nella scheda del browser e nei risultati di ricerca (al massimo 70 caratteri).')

export const FIELD_WORDS: Record<string, FieldWords> = {
  accountSection: w('Sezione dell’account', 'Aggiunta all’indirizzo dell’account, per esempio #/orders; vuota per la pagina principale.'),
  alphabeticalMenu: w('Elenco alfabetico di marche', 'Il livello successivo è un elenco di marche dalla A alla Z, raggruppate per iniziale, con una casella per filtrarle.'),
  alt: w('Testo alternativo', 'Descrive l’immagine a chi non la vede.'),
  appVariant: w('Versione per l’app', 'Pubblica anche /app/{slug}, senza intestazione e footer, per l’app.'),
  appleLink: w('Link all’App Store'),
  async: w('Caricamento asincrono'),
  award: w('Riconoscimento'),
  background: w('Colore di sfondo'),
  backgroundColor: w('Colore di sfondo'),
  banners: w('Banner'),
  blocks: w('Blocchi di testo'),
  bookingNote: w('Nota sulla prenotazione', 'Mostrata dove compare il modulo di prenotazione, e al suo posto se il suo script non si carica.'),
  bookingTitle: w('Titolo della prenotazione'),
  brand: w('Marca', 'Per esempio zampa-amica. Senza marca né categoria: tutto il catalogo.'),
  brands: w('Marche'),
  businessData: w('Dati aziendali', 'Ragione sociale, indirizzo, partita IVA…, una riga ciascuno.'),
  businessDays: w('Giorni di apertura'),
  buttonBackgroundColor: w('Colore di sfondo del pulsante'),
  buttonText: w('Testo del pulsante'),
  buttonTextColor: w('Colore del testo del pulsante'),
  category: w('Categoria', 'Per esempio cane/cibo-secco. Senza categoria né marca: tutto il catalogo.'),
  closeIconColor: w('Colore dell’icona di chiusura'),
  componentPosition: w('Posizione', 'Dove sta il banner lungo il fondo della pagina.'),
  contactInfo: w('Contatti e app'),
  cover: w('Copertina'),
  ctaLabel: w('Testo del pulsante'),
  ctaUrl: w('Link del pulsante'),
  customerService: w('Servizio clienti'),
  description: w('Descrizione per i motori di ricerca', 'Il riassunto che mostrano i motori di ricerca (al massimo 170 caratteri).'),
  desktop: w('Aspetto su computer'),
  duration: w('Durata'),
  flyers: w('Volantini'),
  googleLink: w('Link a Google Play'),
  heading: w('Titolo nella pagina', 'Il titolo principale, in cima alla pagina.'),
  hours: w('Orari'),
  id: w('Identificativo', 'Lettere minuscole, cifre e trattini: serve a ricordare che un cliente ha chiuso il banner.'),
  image: w('Immagine', IMAGE_HELP),
  imageAlt: w('Testo alternativo dell’immagine', 'Descrive l’immagine a chi non la vede.'),
  imageSrc: w('Immagine', IMAGE_HELP),
  intro: w('Introduzione'),
  isDesktop: w('Visibile su computer', 'Mostrata sugli schermi da 1024 px in su.'),
  isMobile: w('Visibile su telefono', 'Mostrata sugli schermi sotto i 1024 px.'),
  items: w('Elementi'),
  kind: w('Tipo'),
  label: w('Testo'),
  labelColor: w('Colore del testo'),
  labelURL: w('Link'),
  layout: w('Impaginazione', 'main: larga quanto il sito; full-width: da bordo a bordo.'),
  limit: w('Numero di prodotti', 'Da 2 a 12.'),
  link: w('Link'),
  links: w('Link', 'I link ai lati della barra nera.'),
  logoImage: w('Logo', IMAGE_HELP),
  mapLabel: w('Testo del link alla mappa'),
  mapLink: w('Link alla mappa'),
  mobile: w('Aspetto su telefono'),
  name: w('Nome'),
  nextLevel: w('Sottolivello', 'Le voci del livello successivo.'),
  noLayout: w('Senza intestazione e footer'),
  openInNewTab: w('Apri in una nuova scheda'),
  pages: w('Pagine'),
  paymentIcons: w('Icone dei pagamenti'),
  phone: w('Numero di telefono'),
  phoneTitle: w('Titolo del telefono'),
  priceFrom: w('Prezzo a partire da (€)'),
  privateLinks: w('Link dell’account', 'I link del menu dell’account, in ordine.'),
  promoPhrase: w('Frase promozionale', 'Al centro della barra nera in cima alla pagina.'),
  scripts: w('Script della prenotazione', 'Gli script del servizio di prenotazione, caricati solo in questa pagina.'),
  secondLink: w('Secondo contatto: link'),
  secondTitle: w('Secondo contatto: titolo'),
  secondValue: w('Secondo contatto: testo'),
  sections: w('Blocchi della pagina', 'Dall’alto in basso.'),
  seeAllUrl: w('Link «Vedi tutti»'),
  separator: w('Linea di separazione', 'Traccia una linea sopra la voce.'),
  services: w('Servizi'),
  shelves: w('Scaffali di prodotti'),
  showAll: w('Link «Vedi tutti» sul telefono', 'Sul telefono il livello successivo inizia con un link «Vedi tutti» al link di questa voce.'),
  showOnDesktop: w('Mostra su computer'),
  showOnMobile: w('Mostra su telefono'),
  slug: w('Indirizzo (slug)', 'Parole minuscole unite da trattini: la pagina sarà /{slug}.'),
  social: w('Profili social', 'Si aprono in una nuova scheda.'),
  sort: w('Ordinamento'),
  src: w('Indirizzo dello script', 'Un percorso del sito o un indirizzo https.'),
  subHeaderImage: w('Immagine nel sottomenu', 'Immagine promozionale nella tendina della barra sotto l’intestazione, mentre il puntatore è sulla voce; porta al link della voce.'),
  subHeaderPosition: w('Posizione nella barra sotto l’intestazione', 'Solo primo livello, su computer: 1 = prima. Senza posizione la voce non compare nella barra.'),
  subtitle: w('Sottotitolo'),
  subtitleColor: w('Colore del sottotitolo'),
  tag: w('Etichetta', 'Un’etichetta accanto al titolo, come «Novità».'),
  tagColor: w('Colore dell’etichetta', 'Lo sfondo dell’etichetta.'),
  template: w('Modello', 'standard; fullscreen: da bordo a bordo; mobile: una sola colonna stretta.'),
  text: w('Testo'),
  textColor: w('Colore del testo'),
  tiles: w('Riquadri'),
  title: w('Titolo'),
  titleColor: w('Colore del titolo'),
  titleURL: w('Link della voce', 'Dove porta la voce.'),
  topCategory: w('Link in evidenza', 'I link in fondo al primo pannello del menu.'),
  type: w('Tipo'),
  url: w('Link'),
  validFrom: w('Valido dal', 'Una data come 2026-05-31.'),
  validTo: w('Valido fino al', 'Una data come 2026-05-31, non prima dell’inizio.'),
  vetRegistry: w('Registro veterinario', 'Il logo del registro dell’e-commerce veterinario e il suo link.'),

  // The same name with another meaning, by content type and parent list.
  'menu.items': w('Voci del menu', 'Il primo livello del menu, in ordine.'),
  'menu.title': w('Titolo', 'Il testo della voce.'),
  'menu.nextLevel.titleURL': w('Link della voce', 'Dove porta la voce. Facoltativo per una voce con sottolivello.'),
  'menu.items.titleURL': w('Link della voce', 'Dove porta la voce. Facoltativo per una voce con sottolivello.'),
  'menu.subtitle': w('Sottotitolo', 'Una riga breve sotto il titolo.'),
  'menu.label': w('Link evidenziato: testo', 'Un link evidenziato sotto il livello successivo, per esempio «Tutte le offerte cane».'),
  'menu.labelURL': w('Link evidenziato: indirizzo'),
  'menu.logoImage': w('Logo', 'Un logo al posto del titolo (marche). ' + IMAGE_HELP),
  'footer.sections': w('Sezioni', 'Sezioni a fisarmonica: si chiudono sul telefono, sempre aperte da 1024 px.'),
  'footer.sections.items': w('Link della sezione'),
  'footer.social.name': w('Nome', 'Cosa mostra l’immagine: è il nome del link per chi usa un lettore di schermo.'),
  'footer.paymentIcons.name': w('Nome del metodo di pagamento'),
  'footer.appleLink': w('Link all’App Store', 'L’app sull’App Store.'),
  'footer.googleLink': w('Link a Google Play', 'L’app su Google Play.'),
  'smartBanners.link': w('Link', 'download: dove porta il pulsante; copyLink: cosa copia il pulsante.'),
  'smartBanners.type': w('Tipo di banner', 'download: il pulsante porta al link; copyLink: il pulsante copia il link.'),
  'blocks.items': w('Punti dell’elenco'),
  'blocks.kind': w('Tipo di blocco'),
  'home.title': SEO_TITLE,
  'home.heading': w('Titolo nella pagina', 'Letto dai lettori di schermo e dai motori di ricerca sopra la copertina.'),
  'pages.pages.title': SEO_TITLE,
  'pages.pages.kind': w('Tipo di pagina', 'landing: da bordo a bordo; institutional: informazioni del negozio; generic: le altre.'),
  'flyers.flyers.title': SEO_TITLE,
  'flyers.slug': w('Indirizzo (slug)', 'Inizia con «volantino», per esempio volantino-mese: il volantino sarà /{slug}.'),
  'flyers.noLayout': w('Senza intestazione e footer', 'Con il modello fullscreen o mobile.'),
  'servicesBooking.title': SEO_TITLE,
  'servicesBooking.noLayout': w('Senza intestazione e footer', 'Per la pagina dentro l’app.'),
  'servicesBooking.slug': w('Indirizzo (slug)', 'La pagina sarà /{slug}; di solito prenota-servizi.'),
  'servicesBooking.services.name': w('Nome del servizio'),
  'servicesBooking.services.description': w('Descrizione del servizio'),
  'sections.title': w('Titolo'),
}

/** The Italian words for a field, from its content type and its path in the file; null when the table has none. */
export function wordsFor(content: string, path: readonly (string | number)[]): FieldWords | null {
  const keys = path.filter((s): s is string => typeof s === 'string')
  const key = keys[keys.length - 1]
  if (key === undefined) return null
  const parent = keys[keys.length - 2]
  const candidates = [parent && `${content}.${parent}.${key}`, parent && `${parent}.${key}`, `${content}.${key}`, key].filter(Boolean) as string[]
  for (const candidate of candidates) if (Object.hasOwn(FIELD_WORDS, candidate)) return FIELD_WORDS[candidate]!
  return null
}

export const labelFor = (content: string, path: readonly (string | number)[]) => wordsFor(content, path)?.label ?? String(path[path.length - 1] ?? '')

/** A field named for an editor: each list with the item's number, then the field, e.g. "Voci del menu 1 › Sottolivello 1 › Titolo". */
export function fieldName(content: string, path: readonly (string | number)[]): string {
  const parts: string[] = []
  path.forEach((segment, i) => {
    if (typeof segment === 'number') parts[parts.length - 1] = `${parts[parts.length - 1] ?? ''} ${segment + 1}`.trim()
    else parts.push(labelFor(content, path.slice(0, i + 1)))
  })
  return parts.join(' › ')
}

/** The field paths the server names ("items[0].nextLevel[1].title"), back as segments. */
export function parsePath(field: string): (string | number)[] {
  const out: (string | number)[] = []
  for (const match of field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) out.push(match[2] !== undefined ? Number(match[2]) : match[1]!)
  return out
}

/** What the values of a choice mean, where the value itself is a code. */
export const VALUE_WORDS: Record<string, string> = {
  download: 'download: scarica l’app',
  copyLink: 'copyLink: copia il link',
  left: 'a sinistra',
  center: 'al centro',
  right: 'a destra',
  full: 'a tutta larghezza',
  landing: 'landing (da bordo a bordo)',
  institutional: 'istituzionale',
  generic: 'generica',
  main: 'larga quanto il sito',
  'full-width': 'da bordo a bordo',
  standard: 'standard',
  fullscreen: 'a tutto schermo',
  mobile: 'una colonna (telefono)',
  score_desc: 'più rilevanti',
  price_asc: 'prezzo crescente',
  price_desc: 'prezzo decrescente',
  name_asc: 'nome dalla A alla Z',
  name_desc: 'nome dalla Z alla A',
  discount_desc: 'sconto maggiore',
  release_desc: 'più recenti',
  hero: 'copertina',
  categoryTiles: 'riquadri delle categorie',
  productShelf: 'scaffale di prodotti',
  brandStrip: 'striscia di marche',
  richText: 'testo',
  promoBanner: 'banner promozionale',
  heading: 'titoletto',
  paragraph: 'paragrafo',
  list: 'elenco',
  link: 'link',
}
