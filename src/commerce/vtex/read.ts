/** How every VTEX answer is read (docs/vtex.md). */
import { z } from 'zod/v4'
import { CommerceError } from '../errors'

/** An answer of VTEX read with its schema: one of another shape is a 502 naming what was asked, never a crash later on. */
export function read<S extends z.ZodType>(schema: S, body: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new CommerceError(502, 'backend_error', `unexpected answer from VTEX ${what}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
  return parsed.data
}
