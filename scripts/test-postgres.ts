/**
 * `npm run test:pg`: the platform's suites, the Functions' suites and the
 * commerce conformance suites once more, against the PostgreSQL server
 * TEST_DATABASE_URL names (each test platform in a schema of its own, dropped
 * afterwards).
 * Without TEST_DATABASE_URL it says so and passes: `npm test` needs no server,
 * and `.ci/run` provides one.
 */
import { spawnSync } from 'node:child_process'

const url = process.env.TEST_DATABASE_URL
if (!url) {
  console.log('test:pg: TEST_DATABASE_URL is not set, so the PostgreSQL pass is skipped (the same suites ran on PGlite).')
  process.exit(0)
}
console.log(`test:pg: the platform, Function and conformance suites on ${new URL(url).host}${new URL(url).pathname}`)
const run = spawnSync('npx', ['jest', '--maxWorkers=2', 'platform', 'src/commerce', 'tests/functions'], { stdio: 'inherit', env: process.env })
process.exit(run.status ?? 1)
