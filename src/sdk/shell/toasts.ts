/**
 * The toast queue (req UI-06, FRAME-06): messages are pushed and shown in order; each
 * leaves after its duration, or when dismissed.
 */
import { createBaseStore } from '@faststore/sdk'

export interface Toast {
  id: number
  text: string
  status: 'info' | 'warning' | 'error'
  durationMs: number
}

const state = createBaseStore<Toast[]>([])
let nextId = 1

export const toastState = {
  ...state,
  push(toast: Omit<Toast, 'id'>): number {
    const id = nextId++
    state.set([...state.read(), { ...toast, id }])
    if (typeof window !== 'undefined') window.setTimeout(() => toastState.dismiss(id), toast.durationMs)
    return id
  },
  /** Removes the oldest toast. */
  pop(): void {
    state.set(state.read().slice(1))
  },
  dismiss(id: number): void {
    state.set(state.read().filter((toast) => toast.id !== id))
  },
}
