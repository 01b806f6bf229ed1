import type { CSSProperties } from 'react'
import { readableColor } from '../../domain/contrast'

/** The inline style of a text an editor coloured: their colour where it is readable on `background`, else none (the theme's). */
export function textColor(color: string | undefined, background: string): CSSProperties | undefined {
  const readable = readableColor(color, background)
  return readable ? { color: readable } : undefined
}
