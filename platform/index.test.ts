import { startPlatform } from './'

describe('startPlatform suspend and resume', () => {
  it('stops answering while suspended and answers again on the same port with the same data', async () => {
    const platform = await startPlatform({ port: 0, dataDir: 'memory://', seedProducts: 20, logLevel: 'silent' })
    try {
      const created = await fetch(`${platform.url}/api/orderforms`, { method: 'POST' })
      expect(created.status).toBe(201)
      const { id } = (await created.json()) as { id: string }
      const cookie = created.headers.getSetCookie()[0]?.split(';')[0] ?? ''

      await platform.suspend()
      await expect(fetch(`${platform.url}/api/health`)).rejects.toThrow()

      await platform.resume()
      await platform.resume()
      const read = await fetch(`${platform.url}/api/orderforms/${id}`, { headers: { cookie } })
      expect(read.status).toBe(200)
      expect(((await read.json()) as { id: string }).id).toBe(id)
    } finally {
      await platform.close()
    }
  }, 60_000)
})
