/**
 * The fault suite (`npm run test:faults`, with the browser journeys of
 * tests/e2e/faults.spec.ts): Functions against a platform that is stopped,
 * slow or failing, and a platform process killed in the middle of writes.
 * tests/faults only, with the node project's transform, kept out of
 * `npm run test:unit` because it starts and kills platform processes.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest reads this file as CommonJS
const base = require('./jest.config.js')

const node = base.projects.find((project) => project.displayName === 'node')

/** @type {import('jest').Config} */
module.exports = {
  ...node,
  displayName: 'faults',
  rootDir: __dirname,
  roots: ['<rootDir>/tests/faults'],
  testMatch: ['**/*.faults.test.ts'],
  testTimeout: 300_000,
}
