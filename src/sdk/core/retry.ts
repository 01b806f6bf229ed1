/**
 * Runs `task` up to `attempts` times with a short growing pause between tries,
 * and answers null once every try failed (req CART-11: validation tried up to 3
 * times, then null). Errors that retrying cannot fix (4xx) stop at once.
 */
import { RETRIES } from '../../config/constants'
import { RequestError } from './client'

export async function withRetries<T>(
  task: () => Promise<T>,
  { attempts = RETRIES, delayMs = 300, onFailure }: { attempts?: number; delayMs?: number; onFailure?: (error: unknown) => void } = {},
): Promise<T | null> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await task()
    } catch (error) {
      const permanent = error instanceof RequestError && error.status >= 400 && error.status < 500
      if (permanent || attempt === attempts) {
        onFailure?.(error)
        return null
      }
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt))
    }
  }
  return null
}
