import { fastPlan } from './fastPaths'
import type { BuildJob } from './runner'

const job = (items: string[], complete = true): BuildJob => ({ id: 1, kinds: ['content', 'catalog'], items, through: 1, complete })

it('takes a frame change, price changes of skus, and both at once', () => {
  expect(fastPlan(job(['cms/top-header.json', 'cms/menu.json']))).toEqual({ frame: true, skus: [] })
  expect(fastPlan(job(['sku:100', 'sku:101']))).toEqual({ frame: false, skus: ['100', '101'] })
  expect(fastPlan(job(['cms/footer.json', 'sku:100']))).toEqual({ frame: true, skus: ['100'] })
})

it('builds the whole site for any other content, a product named by id, or items cut short', () => {
  expect(fastPlan(job(['cms/home.json']))).toBeNull()
  expect(fastPlan(job(['cms/top-header.json', 'cms/pages.json']))).toBeNull()
  expect(fastPlan(job(['sku:100', 'product:7']))).toBeNull()
  expect(fastPlan(job(['sku:100'], false))).toBeNull()
  expect(fastPlan(job([]))).toBeNull()
})
