/**
 * The wire fuzz suite (`npm run test:fuzz`): tests/fuzz only, with the node
 * project's transform, kept out of `npm run test:unit` because it sends
 * thousands of requests. FUZZ_RUNS scales it.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest reads this file as CommonJS
const base = require('./jest.config.js')

const node = base.projects.find((project) => project.displayName === 'node')

/** @type {import('jest').Config} */
module.exports = {
  ...node,
  displayName: 'fuzz',
  rootDir: __dirname,
  roots: ['<rootDir>/tests/fuzz'],
  testMatch: ['**/*.fuzz.test.ts'],
  testTimeout: 600_000,
}
