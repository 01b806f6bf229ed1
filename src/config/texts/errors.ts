/** The texts of errors shown to shoppers. */
export const errorsTexts = {
  fallback: 'I believe something went wrong',
  unknownUiState: 'Unknown UI state',
} as const
