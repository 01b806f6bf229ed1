import { handleRenderError, isChunkLoadError, RELOADS_KEY, type ErrorEnvironment } from './renderErrors'

function environment(path = '/cane/cibo-secco?page=1', start = 1_000_000) {
  const stored = new Map<string, string>()
  let clock = start
  const env = {
    path,
    storage: { getItem: (k: string) => stored.get(k) ?? null, setItem: (k: string, v: string) => void stored.set(k, v) },
    now: () => clock,
    reload: jest.fn(),
    redirect: jest.fn(),
    log: jest.fn(),
  } satisfies ErrorEnvironment
  return { env, stored, advance: (ms: number) => (clock += ms) }
}

const chunkError = () => Object.assign(new Error('Loading chunk 712 failed.\n(error: http://127.0.0.1/component---src-templates-category-page-tsx.js)'), { name: 'ChunkLoadError' })

describe('isChunkLoadError', () => {
  it('recognises webpack chunk and CSS chunk failures by name or message', () => {
    expect(isChunkLoadError(chunkError())).toBe(true)
    expect(isChunkLoadError(new Error('Loading CSS chunk styles failed.'))).toBe(true)
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false)
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false)
  })
})

describe('handleRenderError', () => {
  it('reloads on a chunk-load error at most twice, then treats it as a server error', () => {
    const { env } = environment()
    expect(handleRenderError(chunkError(), env)).toBe('reload')
    expect(handleRenderError(chunkError(), env)).toBe('reload')
    expect(handleRenderError(chunkError(), env)).toBe('server-error')
    expect(env.reload).toHaveBeenCalledTimes(2)
    expect(env.redirect).toHaveBeenCalledWith('/500?from=%2Fcane%2Fcibo-secco%3Fpage%3D1&errorId=unknown')
  })

  it('resets the reload counter after 30 s', () => {
    const { env, advance } = environment()
    handleRenderError(chunkError(), env)
    handleRenderError(chunkError(), env)
    advance(30_000)
    expect(handleRenderError(chunkError(), env)).toBe('reload')
    expect(env.reload).toHaveBeenCalledTimes(3)
  })

  it('still counts within the window across reloads, since the counter is in storage', () => {
    const { env, stored, advance } = environment()
    handleRenderError(chunkError(), env)
    advance(29_000)
    handleRenderError(chunkError(), env)
    expect(JSON.parse(stored.get(RELOADS_KEY)!)).toEqual({ count: 2, since: 1_000_000 })
    expect(handleRenderError(chunkError(), env)).toBe('server-error')
  })

  it('treats a damaged counter as no reloads yet', () => {
    const { env, stored } = environment()
    stored.set(RELOADS_KEY, '{nope')
    expect(handleRenderError(chunkError(), env)).toBe('reload')
  })

  it('logs any other error and goes to /500 with the path it came from and errorId=unknown', () => {
    const { env } = environment('/gatto')
    const error = new TypeError('x is undefined')
    expect(handleRenderError(error, env)).toBe('server-error')
    expect(env.log).toHaveBeenCalledWith('render error', error)
    expect(env.reload).not.toHaveBeenCalled()
    expect(env.redirect).toHaveBeenCalledWith('/500?from=%2Fgatto&errorId=unknown')
  })

  it('goes to /404?from= for an error carrying status 404', () => {
    const { env } = environment('/marca/sconosciuta')
    expect(handleRenderError(Object.assign(new Error('not found'), { status: 404 }), env)).toBe('not-found')
    expect(env.redirect).toHaveBeenCalledWith('/404?from=%2Fmarca%2Fsconosciuta')
  })

  it('stays put when the error page itself fails', () => {
    const { env } = environment('/500?from=%2Fgatto&errorId=unknown')
    expect(handleRenderError(new Error('boom'), env)).toBe('stay')
    expect(env.redirect).not.toHaveBeenCalled()
  })
})
