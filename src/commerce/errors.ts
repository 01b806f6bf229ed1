/**
 * Typed errors that carry the HTTP status a Function answers with. Anything
 * else that escapes a handler is a fault of ours and answers 500.
 */
export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'method_not_allowed'
  | 'foreign_origin'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'backend_unavailable'
  | 'backend_timeout'
  | 'backend_error'

export class CommerceError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** How long the caller must wait before trying again (a 429's Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'CommerceError'
  }

  toJSON(): { error: { code: ErrorCode; message: string } } {
    return { error: { code: this.code, message: this.message } }
  }
}

/**
 * An order form that became an order: no cart to change. Validation starts the shopper's next cart empty and
 * names the order (req CART-23); `orderNumber` is null from a backend that does not say it.
 */
export class OrderPlacedError extends CommerceError {
  constructor(
    readonly orderFormId: string,
    readonly orderNumber: string | null,
  ) {
    super(409, 'conflict', `order form ${orderFormId} is already placed`)
    this.name = 'OrderPlacedError'
  }
}

export const badRequest = (message: string) => new CommerceError(400, 'bad_request', message)
export const notFound = (message: string) => new CommerceError(404, 'not_found', message)
export const methodNotAllowed = (allowed: string) =>
  new CommerceError(405, 'method_not_allowed', `method not allowed, use ${allowed}`)
export const foreignOrigin = () =>
  new CommerceError(403, 'foreign_origin', 'cross-origin request refused: this address changes data only for pages of this site')
export const unsupportedMediaType = (message: string) => new CommerceError(415, 'unsupported_media_type', message)
export const backendUnavailable = (message: string) => new CommerceError(503, 'backend_unavailable', message)
export const backendTimeout = (message: string) => new CommerceError(504, 'backend_timeout', message)

/** Maps a backend service's status to ours: its 4xx are the caller's problem, its 5xx are a gateway fault. */
export function fromBackendStatus(status: number, message: string, retryAfterSeconds?: number): CommerceError {
  switch (status) {
    case 429:
      return new CommerceError(429, 'too_many_requests', message, retryAfterSeconds)
    case 400:
      return new CommerceError(400, 'bad_request', message)
    case 401:
      return new CommerceError(401, 'unauthorized', message)
    case 403:
      return new CommerceError(403, 'forbidden', message)
    case 404:
      return new CommerceError(404, 'not_found', message)
    case 409:
      return new CommerceError(409, 'conflict', message)
    case 422:
      return new CommerceError(422, 'unprocessable', message)
    default:
      return status >= 500
        ? new CommerceError(502, 'backend_error', message)
        : new CommerceError(400, 'bad_request', message)
  }
}
