import { createReporter, reportUncaughtErrors } from './report'

function fakeSdk() {
  const captured: { error: unknown; tags: Record<string, string> }[] = []
  const init = jest.fn()
  const sdk = {
    init,
    withScope(fn: (scope: { setTag(k: string, v: string): void }) => void) {
      const tags: Record<string, string> = {}
      sdk.lastTags = tags
      fn({ setTag: (k, v) => (tags[k] = v) })
    },
    lastTags: {} as Record<string, string>,
    captureException(error: unknown) {
      captured.push({ error, tags: sdk.lastTags })
    },
    flush: jest.fn(async () => true),
  }
  return { sdk, captured, init }
}

describe('createReporter', () => {
  it('loads nothing and sends nothing without a DSN', async () => {
    const load = jest.fn()
    const reporter = createReporter({ dsn: undefined, sampleRate: 0.2, load })
    await reporter.report(new Error('x'), 'render')
    expect(load).not.toHaveBeenCalled()
  })

  it('loads the SDK on the first error only, set up as req REPORT-01 says, and tags each report', async () => {
    const { sdk, captured, init } = fakeSdk()
    const load = jest.fn(async () => sdk as never)
    const reporter = createReporter({ dsn: 'https://key@errors.example/1', sampleRate: 0.2, load })
    expect(load).not.toHaveBeenCalled()
    const first = new Error('boom')
    await reporter.report(first, 'render')
    await reporter.report('second', 'unhandledrejection')
    expect(load).toHaveBeenCalledTimes(1)
    expect(init).toHaveBeenCalledTimes(1)
    const options = init.mock.calls[0][0]
    expect(options).toMatchObject({ dsn: 'https://key@errors.example/1', environment: 'production', sampleRate: 0.2, defaultIntegrations: false, sendDefaultPii: false })
    expect(options.beforeSend({ user: { email: 'a@b.it' }, request: { url: 'https://x/s?q=1' } })).toEqual({ request: { url: 'https://x/s' } })
    expect(captured).toEqual([
      { error: first, tags: { where: 'render', pageType: expect.any(String) } },
      { error: 'second', tags: { where: 'unhandledrejection', pageType: expect.any(String) } },
    ])
  })

  it('keeps working (silently) when the SDK cannot load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const reporter = createReporter({ dsn: 'https://key@errors.example/1', sampleRate: 1, load: () => Promise.reject(new Error('offline')) })
    await expect(reporter.report(new Error('x'), 'render')).resolves.toBeUndefined()
    await expect(reporter.settle(10)).resolves.toBeUndefined()
  })

  it('settles once pending reports are sent, or after its wait', async () => {
    const { sdk } = fakeSdk()
    let release: () => void = () => undefined
    sdk.flush = jest.fn(() => new Promise<boolean>((resolve) => (release = () => resolve(true))))
    const reporter = createReporter({ dsn: 'https://key@errors.example/1', sampleRate: 1, load: async () => sdk as never })
    void reporter.report(new Error('x'), 'render')
    const started = Date.now()
    await reporter.settle(50)
    expect(Date.now() - started).toBeGreaterThanOrEqual(40)
    release()
    await expect(reporter.settle(5_000)).resolves.toBeUndefined()
  })
})

describe('reportUncaughtErrors', () => {
  it('reports uncaught errors and unhandled rejections', () => {
    const listeners: Record<string, (event: unknown) => void> = {}
    const report = jest.fn(async () => undefined)
    reportUncaughtErrors({ addEventListener: ((type: string, fn: (event: unknown) => void) => (listeners[type] = fn)) as Window['addEventListener'] }, { report, settle: async () => undefined })
    const error = new Error('uncaught')
    listeners.error!({ error, message: 'uncaught' })
    listeners.unhandledrejection!({ reason: 'nope' })
    expect(report.mock.calls).toEqual([
      [error, 'window.onerror'],
      ['nope', 'unhandledrejection'],
    ])
  })
})
