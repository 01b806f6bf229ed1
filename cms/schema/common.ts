/**
 * Building blocks shared by content schemas. A field built with `link()` is a
 * site path ("/cane"), an absolute http(s) URL, or a mailto: or tel: address;
 * site paths are checked against the pages the build creates, so a link to a
 * missing category stops the build. Pictures and the booking provider's
 * scripts take fewer forms (see `image()` and `scriptSource()`).
 *
 * These values end up in `href` and `src` attributes. The page CSP would stop
 * a script URL or a foreign picture, but content is checked here first: a
 * value the browser would read as a script, as another site or as anything
 * but what the editor sees is refused, with its reason in Italian.
 */
import { z } from 'zod/v4'
import { sanitizePhrase } from '../sanitize'

/**
 * Characters no content address needs and a browser rewrites (controls, the
 * space, DEL and the backslash): it drops tabs and line breaks anywhere and
 * spaces and controls at either end ("/\t/evil.example" becomes
 * "//evil.example"), and reads "\" as "/" ("/\evil.example" is another host).
 */
const unsafeCharacter = (value: string): boolean => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    if (code <= 0x20 || code === 0x7f || code === 0x5c) return true
  }
  return false
}
const SCHEME = /^([a-z][a-z0-9+.-]*):/i

const PROBLEMS = {
  unsafe: 'contiene spazi, caratteri di controllo o una barra rovesciata (\\): il browser toglie i primi e legge la barra come "/", così l’indirizzo porterebbe altrove',
  otherSite: 'inizia con "//", che il browser legge come l’indirizzo di un altro sito: un percorso del sito inizia con una sola "/"',
  absolute: 'deve essere un indirizzo completo come https://www.example.it/pagina',
  credentials: 'contiene un nome utente o una password prima di "@", che nascondono il sito a cui porta davvero',
  link: 'deve essere un percorso del sito che inizia con "/", un indirizzo http(s), mailto: o tel:',
  linkScheme: (scheme: string) => `lo schema "${scheme}:" non è ammesso in un link: usa un percorso del sito che inizia con "/", un indirizzo http(s), mailto: o tel:`,
  mailto: 'deve essere un indirizzo email come mailto:assistenza@example.it',
  tel: 'deve essere un numero di telefono come tel:+390187123456',
  image: 'deve essere un’immagine sotto /cms/ o un indirizzo https',
  imageScheme: (scheme: string) => `lo schema "${scheme}:" non è ammesso per un’immagine: usa un’immagine sotto /cms/ o un indirizzo https`,
  sitePicture: 'un’immagine del sito deve stare sotto /cms/ (per esempio /cms/banner-estate.webp), con lettere, cifre, "-", "_" e "." nel nome',
  script: 'deve essere un indirizzo https o un percorso del sito che inizia con "/"',
  scriptScheme: (scheme: string) => `lo schema "${scheme}:" non è ammesso per uno script: usa un indirizzo https o un percorso del sito`,
  policy: 'non può contenere ; , \' o ": l’indirizzo dello script entra così com’è nella Content-Security-Policy della pagina',
}

/** What every address must pass, whatever it leads to: nothing the browser rewrites, no "//" that names another host. */
function addressProblem(value: string): string | null {
  if (unsafeCharacter(value)) return PROBLEMS.unsafe
  if (value.startsWith('//')) return PROBLEMS.otherSite
  return null
}

const schemeOf = (value: string): string | undefined => SCHEME.exec(value)?.[1]?.toLowerCase()

/** The URL, or null; URL.canParse is missing from the browsers and DOMs some of these schemas run in. */
function parsedUrl(value: string): URL | null {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

/** An absolute http(s) URL written out in full ("https://host/…"), naming its host and no user or password. */
function absoluteProblem(value: string): string | null {
  if (!/^https?:\/\/[^/]/i.test(value)) return PROBLEMS.absolute
  const url = parsedUrl(value)
  if (!url || url.hostname === '') return PROBLEMS.absolute
  if (url.username !== '' || url.password !== '') return PROBLEMS.credentials
  return null
}

/**
 * A link's problem, or null. External links may be plain http: they open
 * another site in its own page, which loads nothing into ours; mailto: and tel:
 * are in the footer and the top bar.
 */
export function linkProblem(value: string): string | null {
  if (value === '') return null
  const scheme = schemeOf(value)
  if (scheme && !['http', 'https', 'mailto', 'tel'].includes(scheme)) return PROBLEMS.linkScheme(scheme)
  const problem = addressProblem(value)
  if (problem) return problem
  if (value.startsWith('/')) return null
  if (scheme === 'http' || scheme === 'https') return absoluteProblem(value)
  if (scheme === 'mailto') return /^mailto:[^@\s]+@[^@\s]+$/i.test(value) ? null : PROBLEMS.mailto
  if (scheme === 'tel') return /^tel:\+?[0-9][0-9().-]*$/i.test(value) ? null : PROBLEMS.tel
  return PROBLEMS.link
}

/** A picture of the site: a file under static/cms/, no dot segments, no hidden names. */
const SITE_PICTURE = /^\/cms\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/

/** A picture's problem, or null: one of the site's under /cms/ (where the editing screen uploads them) or an https URL. */
export function imageProblem(value: string): string | null {
  if (value === '') return null
  const scheme = schemeOf(value)
  if (scheme && scheme !== 'https') return PROBLEMS.imageScheme(scheme)
  const problem = addressProblem(value)
  if (problem) return problem
  if (value.startsWith('/')) return SITE_PICTURE.test(value) ? null : PROBLEMS.sitePicture
  return scheme ? absoluteProblem(value) : PROBLEMS.image
}

/**
 * A script address's problem, or null: a path of the site (allowed by the
 * page's `script-src 'self'`) or an https URL, which the server adds to that
 * policy as written, so it may hold nothing that ends a source there.
 */
export function scriptProblem(value: string): string | null {
  if (value === '') return null
  const scheme = schemeOf(value)
  if (scheme && scheme !== 'https') return PROBLEMS.scriptScheme(scheme)
  const problem = addressProblem(value)
  if (problem) return problem
  if (value.startsWith('/')) return null
  if (!scheme) return PROBLEMS.script
  return absoluteProblem(value) ?? (/[;,'"]/.test(value) ? PROBLEMS.policy : null)
}

/** Adds the check's problem, if any, as the field's issue. */
const refuse =
  (problemOf: (value: string) => string | null) =>
  (value: string, ctx: z.RefinementCtx<string>): void => {
    const message = problemOf(value)
    if (message) ctx.addIssue({ code: 'custom', message, input: value })
  }

/** `required`: the message when the field is missing, where the plain "expected string" would not say why. */
export const link = (required?: string) =>
  z
    .string(required ? { error: (issue) => (issue.input === undefined ? required : undefined) } : undefined)
    .min(1)
    .superRefine(refuse(linkProblem))
    .meta({ format: 'link' })

export const color = () =>
  z
    .string()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #E31C58')
    .meta({ format: 'color' })

export const image = () => z.string().min(1).superRefine(refuse(imageProblem)).describe('An image path under static/ ("/cms/…") or an https URL.')

/** The address of a script the page loads (the booking provider's). */
export const scriptSource = () => z.string().superRefine(refuse(scriptProblem))

/** HTML an editor writes; the build keeps only its sanitised form (cms/sanitize.ts). */
export const html = () => z.string().meta({ format: 'html' }).transform(sanitizePhrase)
