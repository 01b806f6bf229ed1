import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { nodeTransport } from './transport'

let server: http.Server
let base = ''
const sockets = new Set<unknown>()
let lastBody = ''

beforeAll(async () => {
  server = http.createServer((request, response) => {
    sockets.add(request.socket)
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      lastBody = Buffer.concat(chunks).toString('utf8')
      if (request.url === '/slow') return void setTimeout(() => response.end('{}'), 1_000)
      if (request.url === '/missing') {
        response.statusCode = 404
        return void response.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'no such thing' } }))
      }
      if (request.url === '/text') return void response.end('not json')
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ method: request.method, accept: request.headers.accept, length: request.headers['content-length'] ?? null }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('nodeTransport', () => {
  it('sends method, headers and a JSON body with its length, and reads the JSON answer', async () => {
    const body = JSON.stringify({ word: 'perché' })
    const response = await nodeTransport(`${base}/echo`, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body, timeoutMs: 2_000 })
    expect(response.status).toBe(200)
    expect(response.ok).toBe(true)
    expect(await response.json()).toEqual({ method: 'POST', accept: 'application/json', length: String(Buffer.byteLength(body)) })
    expect(lastBody).toBe(body)
  })

  it('answers refusals with their status and body, not as failures', async () => {
    const response = await nodeTransport(`${base}/missing`, { method: 'GET', headers: {}, timeoutMs: 2_000 })
    expect(response.status).toBe(404)
    expect(response.ok).toBe(false)
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'no such thing' } })
  })

  it('rejects json() when the answer is not JSON', async () => {
    const response = await nodeTransport(`${base}/text`, { method: 'GET', headers: {}, timeoutMs: 2_000 })
    await expect(response.json()).rejects.toThrow()
  })

  it('keeps connections alive between requests', async () => {
    sockets.clear()
    for (let i = 0; i < 5; i += 1) await nodeTransport(`${base}/echo`, { method: 'GET', headers: {}, timeoutMs: 2_000 })
    expect(sockets.size).toBe(1)
  })

  it('gives up after its time-out', async () => {
    const started = Date.now()
    await expect(nodeTransport(`${base}/slow`, { method: 'GET', headers: {}, timeoutMs: 200 })).rejects.toThrow('no answer within 200 ms')
    expect(Date.now() - started).toBeLessThan(900)
  })

  it('rejects when nothing listens', async () => {
    await expect(nodeTransport('http://127.0.0.1:1/', { method: 'GET', headers: {}, timeoutMs: 2_000 })).rejects.toThrow(/ECONNREFUSED/)
  })
})
