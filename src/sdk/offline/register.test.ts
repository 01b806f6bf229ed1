import { registerServiceWorker, type RegisterEnvironment } from './register'

function environment({ supported = true, secure = true, readyState = 'complete', controlled = false } = {}) {
  const registered: string[] = []
  const listeners = new Map<string, () => void>()
  const container = {
    controller: controlled ? {} : null,
    register: jest.fn(async (url: string) => void registered.push(url)),
    addEventListener: (type: string, listener: () => void) => listeners.set(`sw:${type}`, listener),
  }
  const win: Record<string, unknown> = {
    isSecureContext: secure,
    addEventListener: (type: string, listener: () => void) => listeners.set(`window:${type}`, listener),
  }
  const env = {
    navigator: (supported ? { serviceWorker: container } : {}) as unknown as Navigator,
    window: win as unknown as RegisterEnvironment['window'],
    document: { readyState } as Document,
  }
  return { env, registered, listeners, win }
}

describe('registerServiceWorker', () => {
  it('registers /sw.js at once when the page has loaded', () => {
    const { env, registered } = environment()
    registerServiceWorker(env)
    expect(registered).toEqual(['/sw.js'])
  })

  it('waits for the load event while the page is still loading', () => {
    const { env, registered, listeners } = environment({ readyState: 'interactive' })
    registerServiceWorker(env)
    expect(registered).toEqual([])
    listeners.get('window:load')!()
    expect(registered).toEqual(['/sw.js'])
  })

  it('does nothing without service workers or outside a secure context', () => {
    for (const options of [{ supported: false }, { secure: false }]) {
      const { env, registered, listeners } = environment(options)
      registerServiceWorker(env)
      expect(registered).toEqual([])
      expect(listeners.size).toBe(0)
    }
  })

  it('marks the page updated when a new deploy’s worker takes over, so the next link loads the new build', () => {
    const { env, listeners, win } = environment({ controlled: true })
    registerServiceWorker(env)
    listeners.get('sw:controllerchange')!()
    expect(win.___swUpdated).toBe(true)
  })

  it('does not mark a page that had no worker when the first one takes control', () => {
    const { env, listeners, win } = environment({ controlled: false })
    registerServiceWorker(env)
    listeners.get('sw:controllerchange')!()
    expect(win.___swUpdated).toBeUndefined()
    // A later change is a new deploy.
    listeners.get('sw:controllerchange')!()
    expect(win.___swUpdated).toBe(true)
  })
})
