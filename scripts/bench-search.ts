/**
 * `npm run bench:search [products]`: what a typo costs the catalog search (req SEARCH-14). Starts the
 * embedded platform on a throwaway PGlite database seeded with `products` (default 100,000), on a free
 * loopback port, then asks its search (`/api/catalog/search`, what the search Function calls) for terms as
 * written and the same terms misspelt, taking turns, BENCH_SEARCH_ROUNDS (20) rounds of another page each,
 * one request at a time. Prints each term's results, the first misspelt search (it reads the catalog's words), and p50 and
 * p95 of each kind.
 */
import { startPlatform } from '../platform'
import { percentile } from './bench-soak'

const products = Number(process.argv[2] ?? process.env.BENCH_PRODUCTS ?? 100_000)
const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 20)
/** Each term as written, and misspelt as shoppers do: a letter missing, doubled, swapped or wrong. */
const TERMS: [string, string][] = [
  ['crocchette', 'crochette'],
  ['lettiera', 'letiera'],
  ['guinzaglio', 'guinzalio'],
  ['antiparassitario', 'antiparasitario'],
  ['tiragraffi', 'tiragrafi'],
  ['shampoo', 'shampo'],
  ['cuccia', 'cucia'],
  ['acquario', 'aquario'],
]

interface Answer {
  total: number
  correction?: { term: string }
}

async function main(): Promise<void> {
  const seeding = Date.now()
  const platform = await startPlatform({ host: '127.0.0.1', port: 0, dataDir: 'memory://', seedProducts: products })
  console.log(`platform seeded with ${products.toLocaleString('en')} products in ${((Date.now() - seeding) / 1000).toFixed(0)} s`)
  try {
    // Each round asks another page: the platform keeps answers it gave until the catalog changes, and a kept
    // answer would measure that cache rather than the search.
    const ask = async (term: string, page = 0): Promise<{ ms: number; answer: Answer }> => {
      const started = performance.now()
      const response = await fetch(`${platform.url}/api/catalog/search?${new URLSearchParams({ q: term, pageSize: '24', page: String(page) })}`)
      if (!response.ok) throw new Error(`search for ${term} answered ${response.status}`)
      const answer = (await response.json()) as Answer
      return { ms: performance.now() - started, answer }
    }
    const first = await ask(TERMS[0]![1])
    console.log(`first misspelt search (reads the catalog's words): ${first.ms.toFixed(0)} ms`)
    for (const [exact, typo] of TERMS) {
      const [a, b] = [await ask(exact), await ask(typo)]
      console.log(`  ${exact}: ${a.answer.total} results; ${typo}: ${b.answer.total} results${b.answer.correction ? `, corrected to «${b.answer.correction.term}»` : ', not corrected'}`)
    }
    const exactMs: number[] = []
    const typoMs: number[] = []
    for (let round = 0; round < rounds; round++) {
      for (const [exact, typo] of TERMS) {
        exactMs.push((await ask(exact, round + 1)).ms)
        typoMs.push((await ask(typo, round + 1)).ms)
      }
    }
    const line = (name: string, ms: number[]) => {
      const sorted = [...ms].sort((x, y) => x - y)
      return `${name}: p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms (${sorted.length} searches)`
    }
    console.log(line('as written', exactMs))
    console.log(line('misspelt  ', typoMs))
  } finally {
    await platform.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
