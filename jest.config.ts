import type { Config } from 'jest'

/**
 * Unit, component, Function and platform tests. They sit beside their code as
 * *.test.ts(x); browser journeys live in tests/e2e and run under Playwright.
 * @faststore/sdk ships ES modules only, so it is transformed like our code.
 */
const esmPackages = ['@faststore', 'idb-keyval'].join('|')

const tsTransform: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    'ts-jest',
    { isolatedModules: true, tsconfig: { jsx: 'react-jsx', allowJs: true, module: 'commonjs', esModuleInterop: true } },
  ],
}

const config: Config = {
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/platform', '<rootDir>/scripts', '<rootDir>/tests/functions'],
      testMatch: ['**/*.test.ts'],
      transform: tsTransform,
      transformIgnorePatterns: [`node_modules/(?!(${esmPackages})/)`],
    },
    {
      displayName: 'dom',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/src'],
      testMatch: ['**/*.test.tsx'],
      transform: tsTransform,
      transformIgnorePatterns: [`node_modules/(?!(${esmPackages})/)`],
    },
  ],
}

export default config
