/** The editing screen's journeys: its loopback port and its one editor. */
export const editorPort = Number(process.env.E2E_EDITOR_PORT ?? 9250)
export const editorUrl = `http://127.0.0.1:${editorPort}`
export const EDITOR_NAME = 'Giulia Rossi'
export const EDITOR_EMAIL = 'giulia@example.com'
export const EDITOR_PASSWORD = 'una-password-lunga'
/** The publish journeys' hook token, shared by their storefront server, editing screen and platform. */
export const BUILD_HOOK_TOKEN = process.env.E2E_BUILD_HOOK_TOKEN ?? 'e2e-build-hook-token-0123456789'
/** Where tests/editor/site.ts writes the path of its throwaway content copy. */
export const CONTENT_ROOT_FILE = `${process.cwd()}/test-results/editor-content-root-${editorPort}.txt`
