/**
 * The cluster test (`npm run test:cluster`): two production servers and two
 * platform processes behind haproxy on PostgreSQL (scripts/cluster.ts), over
 * the last build. tests/cluster only, with the node project's transform, kept
 * out of `npm run test:unit` because it starts, kills and restarts processes.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jest reads this file as CommonJS
const base = require('./jest.config.js')

const node = base.projects.find((project) => project.displayName === 'node')

/** @type {import('jest').Config} */
module.exports = {
  ...node,
  displayName: 'cluster',
  rootDir: __dirname,
  roots: ['<rootDir>/tests/cluster'],
  testMatch: ['**/*.test.ts'],
  testTimeout: 300_000,
}
