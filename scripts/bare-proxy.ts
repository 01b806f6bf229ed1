/**
 * The load bench's floor: the least any storefront server could do for a cart
 * read. It takes `GET /?orderFormId=`, reads the cart from the platform over a
 * keep-alive `node:http` agent, parses the JSON and sends it back: no
 * framework, no validation, no mapping, no headers beyond the content type.
 * `npm run bench:load` paces it like the storefront, so what this machine
 * (two cores shared by the load generator, the platform and the server) adds
 * to the tail shows apart from what the storefront adds.
 */
import http from 'node:http'

const platformUrl = process.env.PLATFORM_URL ?? 'http://127.0.0.1:9100'
const port = Number(process.env.BARE_PROXY_PORT ?? 9200)
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })

http
  .createServer((request, response) => {
    const id = new URL(request.url ?? '/', 'http://x').searchParams.get('orderFormId')
    // Without a cart id it answers the supervisor's readiness probe.
    if (!id) return void response.writeHead(200).end()
    const upstream = http.get(`${platformUrl}/api/orderforms/${encodeURIComponent(id)}`, { agent, headers: { cookie: request.headers.cookie ?? '' } }, (answer) => {
      let body = ''
      answer.setEncoding('utf8')
      answer.on('data', (chunk: string) => (body += chunk))
      answer.on('end', () => {
        response.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/json' }).end(JSON.stringify(JSON.parse(body)))
      })
    })
    upstream.on('error', () => response.writeHead(502).end())
  })
  .listen(port, '127.0.0.1')
