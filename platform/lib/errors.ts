/** HTTP statuses the platform answers on purpose; anything else is a fault (500). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422 | 429

/**
 * A failure the client can act on. `code` is stable and machine-readable
 * (SCREAMING_SNAKE), `message` is plain English naming the problem. The server
 * turns it into `{ error: { code, message } }` with `status`.
 */
export class PlatformError extends Error {
  constructor(
    readonly status: ErrorStatus,
    readonly code: string,
    message: string,
  ) {
    super(message)
    this.name = 'PlatformError'
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new PlatformError(400, code, message)
export const notFound = (code: string, message: string) => new PlatformError(404, code, message)
export const conflict = (code: string, message: string) => new PlatformError(409, code, message)
export const unprocessable = (code: string, message: string) => new PlatformError(422, code, message)

/** A client that has failed too often must wait: answered 429 with Retry-After. */
export class TooManyAttempts extends PlatformError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message)
    this.name = 'TooManyAttempts'
  }
}
