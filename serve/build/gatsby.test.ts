import { readGatsbyLine } from './gatsby'

describe('readGatsbyLine', () => {
  it('reads the pages Gatsby wrote from its HTML line, colours and all', () => {
    expect(readGatsbyLine('\x1b[2K\x1b[1A\x1b[2K\x1b[Gsuccess Building static HTML for pages - 3.523s - 509/509 144.49/s')).toEqual({ pagesWritten: 509, stage: 'pubblicazione' })
    expect(readGatsbyLine('success Building static HTML for pages - 0.204s - 3/3 14.70/s').pagesWritten).toBe(3)
  })

  it('names the stage that comes after each finished one', () => {
    expect(readGatsbyLine('success source and transform nodes - 2.1s')).toEqual({ stage: 'creazione delle pagine' })
    expect(readGatsbyLine('info listings: 189 categories')).toEqual({})
  })

  it('gives a content error as the reason, with its file and field', () => {
    expect(readGatsbyLine('ERROR  Content error in cms/menu.json at "items[0].url": no page at /nowhere').reason).toBe(
      'errore nei contenuti: cms/menu.json at "items[0].url": no page at /nowhere',
    )
  })
})
