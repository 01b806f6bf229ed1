
/**
 * Unit, component, Function and platform tests. They sit beside their code as
 * *.test.ts(x); browser journeys live in tests/e2e and run under Playwright.
 * @faststore/sdk ships ES modules only, so it is transformed like our code.
 */
/**
 * openapi-backend's reference parser (@apidevtools/json-schema-ref-parser) ships ES modules only, too, and so
 * does the cookie package of fastify's in-process requests (light-my-request), which the server's search
 * pages use (serve/searchPage.ts).
 */
const esmPackages = ['@faststore', 'idb-keyval', '@apidevtools', 'light-my-request/node_modules/cookie', 'cookie'].join('|')

/**
 * SWC strips the types and writes CommonJS, hoisting `jest.mock` as babel-jest would; the types are checked
 * once, by `npm run typecheck`, not again in every jest worker (docs/dependencies.md).
 * @type {import('jest').Config['transform']}
 */
const tsTransform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } } },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    },
  ],
}

/** @faststore/sdk declares only a "module" entry, which jest's resolver does not read. */
const moduleNameMapper = { '^@faststore/sdk$': '<rootDir>/node_modules/@faststore/sdk/dist/index.js' }

/** Component tests render without Gatsby's runtime: its Link becomes an anchor. */
const domModuleNameMapper = { ...moduleNameMapper, '^gatsby$': '<rootDir>/src/testing/gatsby.tsx' }

/** The tests parse synchronously, as the Functions do: the parser is installed before each suite. */
const parserNow = ['<rootDir>/src/wire/parserNow.ts']

/** @type {import('jest').Config} */
const config = {
  // Platform tests open a real database in beforeAll: seconds on an idle machine, far more on a busy one.
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/platform', '<rootDir>/scripts', '<rootDir>/serve', '<rootDir>/editor', '<rootDir>/releases', '<rootDir>/supervisor', '<rootDir>/http', '<rootDir>/tests/support', '<rootDir>/cms', '<rootDir>/tests/functions', '<rootDir>/tests/shared'],
      testMatch: ['**/*.test.ts'],
      transform: tsTransform,
      moduleNameMapper,
      setupFiles: parserNow,
      transformIgnorePatterns: [`node_modules/(?!(${esmPackages})/)`],
    },
    {
      displayName: 'dom',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.tsx'],
      transform: tsTransform,
      moduleNameMapper: domModuleNameMapper,
      setupFiles: parserNow,
      transformIgnorePatterns: [`node_modules/(?!(${esmPackages})/)`],
    },
  ],
}

module.exports = config
