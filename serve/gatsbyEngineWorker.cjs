/**
 * Gatsby's rendering engines of one build, in a worker thread of their own
 * (serve/gatsbyEngines.ts). The engines register process-wide handlers and keep
 * module state that never lets go of them in the thread that loaded them, so
 * each build's engines live in a thread the server ends when that build is no
 * longer served. Plain CommonJS: the worker runs without the TypeScript loader.
 */
const path = require('node:path')
const { parentPort, workerData } = require('node:worker_threads')

const cache = path.join(workerData.dir, '.cache')
const { GraphQLEngine } = require(path.join(cache, 'query-engine'))
const ssr = require(path.join(cache, 'page-ssr'))
const graphqlEngine = new GraphQLEngine({ dbPath: path.join(cache, 'data', 'datastore') })
const data = (pathName) => ssr.getData({ pathName, graphqlEngine, req: { query: {}, headers: {}, method: 'GET' } })

const operations = {
  isDeferred: async (pagePath) => ssr.findEnginePageByPath(pagePath)?.mode === 'DSG',
  html: async (pagePath) => ssr.renderHTML({ data: await data(pagePath) }),
  pageData: async (pagePath) => {
    const result = await ssr.renderPageData({ data: await data(pagePath) })
    return typeof result === 'string' ? result : JSON.stringify(result)
  },
}

parentPort.on('message', ({ id, operation, pagePath }) => {
  const run = operations[operation]
  Promise.resolve()
    .then(() => (run ? run(pagePath) : Promise.reject(new Error(`unknown operation ${operation}`))))
    .then(
      (value) => parentPort.postMessage({ id, value }),
      (error) => parentPort.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
    )
})
