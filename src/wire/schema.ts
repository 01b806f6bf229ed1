/**
 * What both ends need of a zod schema to parse with it, whichever zod build
 * made it, and how a failed parse is told in one line.
 */

export interface Issue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

export interface Schema<T = unknown> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } }
}

/** The type a schema parses to. */
export type Parsed<S> = S extends Schema<infer T> ? T : never

/** The first problems of a failed parse as one sentence naming each field, e.g. "newItem.itemOffered.sku: Required". */
export function describeIssues(issues: readonly Issue[]): string {
  return issues
    .slice(0, 3)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ')
}
