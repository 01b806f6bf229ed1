import { readdirSync } from 'node:fs'
import path from 'node:path'
import { formPaths, formRoutes, functionPath, functionRoutes, graphqlMethod, graphqlOperations, linkRoutes } from './routes'

const apiDir = path.join(__dirname, '..', 'api')

function functionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? functionFiles(path.join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path.join(dir, entry.name)] : [],
  )
}

describe('the route table', () => {
  it('names every Function under src/api and nothing else (GraphQL has its own table, forms and links theirs)', () => {
    const names = functionFiles(apiDir).map((file) => path.relative(apiDir, file).replace(/\.ts$/, '').split(path.sep).join('/'))
    expect(names.filter((name) => name !== 'graphql').sort()).toEqual([...Object.keys(functionRoutes), ...Object.keys(formRoutes), ...Object.keys(linkRoutes)].sort())
    expect(formPaths).toEqual(['/api/cart/add'])
  })

  it('fills [param] segments, encoded', () => {
    expect(functionPath('product/getLoyaltyMultiplier/[sku]', { sku: 'a b' })).toBe('/api/product/getLoyaltyMultiplier/a%20b')
    expect(functionPath('checkout/getCartInformation')).toBe('/api/checkout/getCartInformation')
  })

  it('reads operations ending in Query with GET and sends the others with POST', () => {
    expect(graphqlMethod('ProductsQuery')).toBe('GET')
    for (const name of Object.keys(graphqlOperations)) expect(graphqlMethod(name)).toBe('POST')
  })
})
