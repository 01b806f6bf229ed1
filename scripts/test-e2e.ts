/**
 * `npm run test:e2e`: the journeys in two passes over one build. First every journey that shares nothing with
 * the others, two at a time (projects `desktop` and `phone`); then, on a fresh platform over the same build,
 * the journeys that change what every other one sees, one at a time (`desktop-alone`, `phone-alone`,
 * `journeysAlone` in playwright.config.ts). The second pass runs whatever the first came to, so one run
 * reports every journey; the command fails when either pass does. Arguments go to both passes.
 */
import { spawnSync } from 'node:child_process'

const extra = process.argv.slice(2)
const pass = (projects: string[], env: NodeJS.ProcessEnv, workers?: number): number => {
  const args = ['playwright', 'test', ...projects.map((name) => `--project=${name}`), ...(workers ? [`--workers=${workers}`] : []), ...extra]
  return spawnSync('npx', args, { stdio: 'inherit', env }).status ?? 1
}

const shared = pass(['desktop', 'phone'], process.env)
const alone = pass(['desktop-alone', 'phone-alone'], { ...process.env, E2E_REUSE_BUILD: '1' }, 1)
process.exit(shared !== 0 ? shared : alone)
