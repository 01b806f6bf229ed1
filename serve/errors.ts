/**
 * Every refusal of the server is JSON, `{ error: { code, message } }` like the
 * Functions' own errors, with a 4xx status and `Cache-Control: no-store`:
 * a body too large (413), a media type or charset the server does not read
 * (415), malformed input (400), a method the address does not take (405), an
 * address with nothing behind it (404). Only a fault of the server is 5xx.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'

export function jsonError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ error: { code, message } }))
}

const CODES: Record<number, string> = {
  400: 'bad_request',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  416: 'range_not_satisfiable',
  431: 'headers_too_large',
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500
  if (status >= 400 && status < 500) return jsonError(reply, status, CODES[status] ?? 'bad_request', clientMessage(error))
  request.log.error({ err: error }, 'request failed')
  return jsonError(reply, 500, 'internal', 'internal error')
}

/** Fastify's own messages, without the internal error code prefix. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'request body is too large'
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported media type, send application/json'
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Content-Length does not match the body'
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'empty JSON body'
    default:
      return error.message
  }
}
