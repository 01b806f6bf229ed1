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

const store = createBaseStore<Toast[]>([])
let nextId = 1

export const toastStore = {
  ...store,
  push(toast: Omit<Toast, 'id'>): number {
    const id = nextId++
    store.set([...store.read(), { ...toast, id }])
    if (typeof window !== 'undefined') window.setTimeout(() => toastStore.dismiss(id), toast.durationMs)
    return id
  },
  /** Removes the oldest toast. */
  pop(): void {
    store.set(store.read().slice(1))
  },
  dismiss(id: number): void {
    store.set(store.read().filter((toast) => toast.id !== id))
  },
}
