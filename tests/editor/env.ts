/** The editing screen's journeys: its loopback port and its one editor. */
export const editorPort = Number(process.env.E2E_EDITOR_PORT ?? 9250)
export const editorUrl = `http://127.0.0.1:${editorPort}`
export const EDITOR_NAME = 'Giulia Rossi'
export const EDITOR_EMAIL = 'giulia@example.com'
export const EDITOR_PASSWORD = 'una-password-lunga'
