/**
 * Prints, for each VTEX operation the backend calls (src/commerce/vtex/openapi/operations.ts), how many real
 * recorded answers and documented examples the fixtures hold for it (src/commerce/vtex/testing/recordings/),
 * as a Markdown table; "none" where there is neither.
 *
 *   npx tsx scripts/vtex-coverage.ts
 */
import { VENDORED_OPERATIONS } from '../src/commerce/vtex/openapi/operations'
import { coverage } from '../src/commerce/vtex/testing/recordings'

const rows = coverage(VENDORED_OPERATIONS)
console.log('| operation | API | recorded answers | documented examples |')
console.log('|---|---|---|---|')
for (const row of rows) {
  const recorded = row.recorded + row.sameAnswer
  const none = recorded === 0 && row.documented === 0
  const answers = row.sameAnswer ? `${recorded} (${row.sameAnswer} of a route answering alike)` : String(recorded)
  console.log(`| ${row.method} ${row.path} | ${row.document.replace(/^VTEX - |\.json$/g, '')} | ${none ? 'none' : answers} | ${none ? 'none' : row.documented} |`)
}
const covered = rows.filter((r) => r.recorded + r.sameAnswer > 0).length
console.log(`\n${rows.length} operations: ${covered} with real recorded answers, ${rows.filter((r) => r.documented > 0).length} with documented examples, ${rows.filter((r) => r.recorded + r.sameAnswer + r.documented === 0).length} with neither.`)
