/**
 * A stand-in for the tag-manager container, on loopback: it serves a gtm.js that, like the real container,
 * reads every entry already in window.dataLayer and every later push, and forwards each event to this
 * server, which records it. The journeys' build loads it from here (GATSBY_GTM_ORIGIN, support/env.ts).
 */
import { createServer, type Server } from 'node:http'
import { e2eGtmOrigin, e2eGtmPort, e2eHost } from './env'

export interface GtmEvent {
  event: string
  /** The container id the page asked for. */
  id: string
  ecommerce?: { items?: { item_id: string; item_variant: string }[] }
}

const containerScript = (id: string) => `(function(w){var l=w.dataLayer=w.dataLayer||[];
function send(e){if(!e||typeof e.event!=='string')return;var b=JSON.stringify(Object.assign({id:${JSON.stringify(id)}},e));fetch(${JSON.stringify(`${e2eGtmOrigin}/collect`)},{method:'POST',mode:'no-cors',keepalive:true,headers:{'content-type':'text/plain'},body:b})}
for(var i=0;i<l.length;i++)send(l[i]);var p=l.push;l.push=function(){for(var j=0;j<arguments.length;j++)send(arguments[j]);return p.apply(l,arguments)}})(window)`

export interface StandInContainer {
  events: GtmEvent[]
  /** How many times a page loaded the container. */
  loads: number
  close: () => Promise<void>
}

export async function startStandInContainer(): Promise<StandInContainer> {
  const state: StandInContainer = { events: [], loads: 0, close: async () => {} }
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', e2eGtmOrigin)
    if (request.method === 'GET' && url.pathname === '/gtm.js') {
      state.loads += 1
      response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' })
      response.end(containerScript(url.searchParams.get('id') ?? ''))
      return
    }
    if (request.method === 'POST' && url.pathname === '/collect') {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        state.events.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as GtmEvent)
        response.writeHead(204).end()
      })
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(e2eGtmPort, e2eHost, resolve))
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()))
  return state
}
