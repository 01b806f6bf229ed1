import { offlineTexts } from '../config/texts/offline'
import { offlinePageHtml } from './offlinePage'

describe('offlinePageHtml', () => {
  const html = offlinePageHtml()
  it('says in Italian that the shopper is offline, with a way to try again and to go home', () => {
    expect(html).toContain('<html lang="it">')
    expect(html).toContain(`<h1>${offlineTexts.title}</h1>`)
    expect(html).toContain('Questa pagina non è ancora disponibile senza connessione.')
    expect(html).toMatch(/<a [^>]*href=""[^>]*>Riprova<\/a>/)
    expect(html).toContain(`<a class="secondary" href="/">${offlineTexts.home}</a>`)
  })
  it('needs nothing from the network and runs no script', () => {
    expect(html).not.toMatch(/<script|<link|\ssrc=|url\(|\son\w+=/i)
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
  })
})
