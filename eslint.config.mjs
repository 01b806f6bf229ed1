import js from '@eslint/js'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The layers of the architecture (README, "Layers"): each zone names the
 * imports its files may not make. A relative path is matched on its folder
 * names, so `../../sdk/cart/state` and `@faststore/sdk` both count as sdk.
 */
const folder = (names) => `(^|/)(${names.join('|')})(/|$)`
/** src/api, the Gatsby Functions: no other folder or module is called `api`. */
const functionsFolder = folder(['api'])
const layer = (files, rules) => ({
  files,
  // Tests may reach across layers to use an oracle (the sdk's own URL format, the browser's offer mapping).
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns: rules.map(([regex, message]) => ({ regex, message })) }] },
})
const browserRules = [
  [folder(['platform', 'commerce', 'handlers', 'serve', 'build', 'editor', 'releases', 'supervisor', 'http']), 'Browser code reaches the platform only through the Functions.'],
  [functionsFolder, 'Browser code calls the Functions over HTTP, never imports them.'],
]
const browserCode = ['src/sdk/**', 'src/components/**', 'src/templates/**', 'src/pages/**', 'gatsby-browser.tsx', 'gatsby-ssr.tsx']

const layers = [
  layer(
    ['src/domain/**'],
    [
      [folder(['sdk', 'components', 'commerce', 'handlers', 'serve', 'build', 'platform', 'templates', 'pages']), 'domain holds pure rules: it imports only config and itself.'],
      [functionsFolder, 'domain holds pure rules: it imports only config and itself.'],
      ['^(react|react-dom|gatsby|@faststore/.*)$', 'domain holds pure rules, free of React, Gatsby and the sdk.'],
    ],
  ),
  layer(
    ['src/wire/**'],
    [
      [folder(['sdk', 'components', 'commerce', 'handlers', 'serve', 'build', 'platform', 'templates', 'pages']), 'wire is shared by the Functions and the browser: it imports only domain, config and zod.'],
      [functionsFolder, 'wire is shared by the Functions and the browser: it imports only domain, config and zod.'],
      ['^(react|react-dom|gatsby|@faststore/.*)$', 'wire is shared by the Functions and the browser: it imports only domain, config and zod.'],
    ],
  ),
  layer(
    ['src/sw/**'],
    [
      [folder(['sdk', 'components', 'commerce', 'handlers', 'serve', 'build', 'platform', 'templates', 'pages', 'wire']), 'the service worker runs apart from the pages: it imports only config and itself.'],
      [functionsFolder, 'the service worker runs apart from the pages: it imports only config and itself.'],
      ['^(react|react-dom|gatsby|@faststore/.*)$', 'the service worker runs apart from the pages: no React, Gatsby or the sdk.'],
    ],
  ),
  layer(browserCode, browserRules),
  // A later zone replaces an earlier one's rule for the same file, so ui repeats the browser rules.
  layer(['src/components/ui/**'], [...browserRules, [folder(['sdk', 'islands', 'sections']), 'ui takes props only: no sdk, islands or sections.']]),
  // Pages → sections → islands: an island is a hydrated part of a section and never reaches back up.
  layer(['src/components/islands/**'], [...browserRules, [folder(['sections']), 'islands sit below sections: they import ui, the sdk and domain, never sections.']]),
  // The shop's own code in src/ that no server process may import: it runs in the browser or as a Function.
  layer(['serve/**'], [
    ['(^|/)src/(sdk|components|templates|pages|commerce|handlers|api)(/|$)', 'The production server serves files and loads the Functions by path; the shop itself lives in src/.'],
    [folder(['editor', 'supervisor']), 'The production server runs apart from the editing screen and the supervisor, which start it by path.'],
  ]),
  {
    ...layer(['editor/**'], [
      ['(^|/)src/(sdk|components|templates|pages|commerce|handlers|api)(/|$)', 'The editing screen is an application of its own: it reaches the shop through its content files and the storefront\'s hooks.'],
      [folder(['serve', 'supervisor']), 'The editing screen is an application of its own: it calls the storefront server over HTTP.'],
    ]),
    // The editing screen's preview is browser code of its own bundle: it renders the shop's components, and only reaches the server over HTTP.
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'editor/preview/**'],
  },
  layer(['editor/preview/**'], [
    ...browserRules,
    ['^(\\.\\./)+(previewServer|content|server|auth|pictures|builds|main)(\\.ts)?$', 'The preview is browser code: it reaches the editing screen\'s server only over HTTP.'],
  ]),
  layer(['releases/**'], [
    ['(^|/)src/(sdk|components|templates|pages|commerce|handlers|api)(/|$)', 'Builds and releases run Gatsby and patch its output; the shop itself lives in src/.'],
    [folder(['serve', 'editor', 'supervisor']), 'Builds and releases are used by the servers, never the reverse.'],
  ]),
  layer(['supervisor/**'], [
    ['(^|/)src/(sdk|components|templates|pages|commerce|handlers|api)(/|$)', 'The supervisor starts processes; the shop itself lives in src/.'],
    [folder(['serve', 'editor']), 'The supervisor starts the servers by path, as processes of their own.'],
  ]),
  layer(['http/**'], [['^\\.\\./', 'http/ holds what every server shares: it imports nothing of the project.']]),
  // The backends are sealed from each other: what both need is in src/commerce/http, what one lends another is wired in backends.ts.
  layer(['src/commerce/embedded/**'], [[folder(['vtex']), 'A backend never imports another: share through src/commerce/http, lend through src/commerce/backends.ts.']]),
  {
    ...layer(['src/commerce/vtex/**'], [
      [folder(['embedded']), 'A backend never imports another: share through src/commerce/http, lend through src/commerce/backends.ts.'],
      [folder(['platform']), 'The VTEX backend speaks to VTEX: the embedded platform is reached only through what backends.ts lends it.'],
    ]),
    // The VTEX simulator builds its catalog from the platform's seed, so both stores sell the same products.
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/commerce/vtex/testing/**'],
  },
  layer(['src/api/**', 'src/handlers/**'], [
    [folder(['platform', 'embedded', 'vtex']), 'Functions reach the platform only through the commerce adapter (getCommerce), never a backend of it.'],
    [folder(['sdk', 'components']), 'Functions run on the server: no browser state or components.'],
  ]),
  layer(['platform/**'], [['^(\\.\\./)+(src|cms|scripts|tests|serve|editor|releases|supervisor)(/|$)', 'The platform stands in for an external system: it imports nothing of the storefront.']]),
]

export default tseslint.config(
  { ignores: ['node_modules/', 'public/', '.cache/', '.data/', 'test-results/', 'playwright-report/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: '18.2' } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs['jsx-runtime'].rules,
      ...reactHooks.configs.recommended.rules,
      'react/prop-types': 'off',
      // overlay.ts's effect that runs in the commit takes the same dependency check as useEffect
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useCommitEffect$' }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['static/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    files: ['jest.config.js', 'jest.fuzz.config.js', 'jest.faults.config.js', 'jest.cluster.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    // The rendering engines' worker runs without the TypeScript loader and requires a build's engines by path.
    files: ['serve/gatsbyEngineWorker.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**', 'serve/main.ts', 'supervisor/**', 'editor/main.ts', 'editor/addUser.ts', 'platform/**/main.ts', 'platform/db/seed-cli.ts', 'tests/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  ...layers,
)
