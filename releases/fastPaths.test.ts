import { fastPlan } from './fastPaths'
import type { BuildJob } from './runner'

const job = (items: string[], complete = true): BuildJob => ({ id: 1, kinds: ['content', 'catalog'], items, through: 1, complete })

it('takes a frame change, content pages’ changes, price changes of skus, and any of them at once', () => {
  expect(fastPlan(job(['cms/top-header.json', 'cms/menu.json']))).toEqual({ frame: true, pages: [], skus: [] })
  expect(fastPlan(job(['cms/pages.json', 'cms/home.json']))).toEqual({ frame: false, pages: ['cms/pages.json', 'cms/home.json'], skus: [] })
  expect(fastPlan(job(['sku:100', 'sku:101']))).toEqual({ frame: false, pages: [], skus: ['100', '101'] })
  expect(fastPlan(job(['cms/footer.json', 'cms/flyers.json', 'sku:100']))).toEqual({ frame: true, pages: ['cms/flyers.json'], skus: ['100'] })
})

it('builds the whole site for a product named by id, items cut short, or nothing named', () => {
  expect(fastPlan(job(['sku:100', 'product:7']))).toBeNull()
  expect(fastPlan(job(['cms/home.json', 'product:7']))).toBeNull()
  expect(fastPlan(job(['sku:100'], false))).toBeNull()
  expect(fastPlan(job([]))).toBeNull()
})
