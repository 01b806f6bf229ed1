/**
 * Building blocks shared by content schemas. A field built with `link()` is a
 * site path ("/cane") or an absolute http(s) URL; site paths are checked
 * against the pages the build creates, so a link to a missing category stops
 * the build.
 */
import { z } from 'zod/v4'
import { sanitizePhrase } from '../sanitize'

/** `required`: the message when the field is missing, where the plain "expected string" would not say why. */
export const link = (required?: string) =>
  z
    .string(required ? { error: (issue) => (issue.input === undefined ? required : undefined) } : undefined)
    .min(1)
    .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v) || /^(mailto|tel):/.test(v), {
      message: 'must be a site path starting with "/", an http(s) URL, mailto: or tel:',
    })
    .meta({ format: 'link' })

export const color = () =>
  z
    .string()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #E31C58')
    .meta({ format: 'color' })

export const image = () => z.string().min(1).describe('An image path under static/ ("/cms/…") or an https URL.')

/** HTML an editor writes; the build keeps only its sanitised form (cms/sanitize.ts). */
export const html = () => z.string().meta({ format: 'html' }).transform(sanitizePhrase)
