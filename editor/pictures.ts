/**
 * Pictures editors upload into static/cms/: JPEG, PNG, WebP or AVIF only,
 * recognised by their first bytes rather than by the name or the declared
 * type, at most 2 MB (req EDIT-06). The stored name is the editor's name made
 * safe plus a hash of the bytes, so two different pictures never overwrite
 * each other and the same one uploaded twice is stored once.
 */
import { createHash } from 'node:crypto'

export const PICTURE_MAX_BYTES = 2 * 1024 * 1024

const KINDS: { type: string; ext: string; matches: (b: Buffer) => boolean }[] = [
  { type: 'image/jpeg', ext: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/png', ext: 'png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/webp', ext: 'webp', matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
  { type: 'image/avif', ext: 'avif', matches: (b) => b.subarray(4, 12).toString('latin1') === 'ftypavif' },
]

export function checkPicture(bytes: Buffer, declaredType: string): { status: number; message: string } | null {
  if (bytes.length === 0) return { status: 400, message: 'il file è vuoto' }
  if (bytes.length > PICTURE_MAX_BYTES) return { status: 413, message: `l’immagine supera ${PICTURE_MAX_BYTES / 1024 / 1024} MB` }
  const kind = KINDS.find((k) => k.matches(bytes))
  if (!kind) return { status: 415, message: 'si caricano solo immagini JPEG, PNG, WebP o AVIF' }
  if (declaredType.split(';')[0]!.trim() !== kind.type) return { status: 415, message: `il file è ${kind.type}, non ${declaredType}` }
  return null
}

export function pictureName(requested: string, bytes: Buffer): string {
  const kind = KINDS.find((k) => k.matches(bytes))!
  const base =
    requested
      .replace(/\.[^.]*$/, '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'immagine'
  return `${base}-${createHash('sha256').update(bytes).digest('hex').slice(0, 8)}.${kind.ext}`
}
