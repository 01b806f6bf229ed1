/**
 * `npm run cms:schemas`: writes cms/json-schema/<file>.schema.json from the zod
 * schemas in cms/registry.ts. A unit test fails when they are out of date.
 */
import { writeFileSync } from 'fs'
import path from 'path'
import { CMS_DIR, jsonSchemaOf } from '../cms/load'
import { cmsRegistry, type CmsName } from '../cms/registry'

for (const name of Object.keys(cmsRegistry) as CmsName[]) {
  const file = cmsRegistry[name].file.replace(/\.json$/, '.schema.json')
  writeFileSync(path.join(CMS_DIR, 'json-schema', file), JSON.stringify(jsonSchemaOf(name), null, 2) + '\n')
  console.log(`cms/json-schema/${file}`)
}
