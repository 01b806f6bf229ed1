import { comparableHtml } from './styles'

const SC = '/*!sc*/\n'
const page = (groups: [number, string, string][], body: string) =>
  `<head><style data-styled="" data-styled-version="6.1.19">${groups.map(([n, id, rule]) => `${rule}${SC}data-styled.g${n}[id="${id}"]{content:"x,"}${SC}`).join('')}</style></head><body>${body}</body>`

it('compares two renders of a page whatever order and numbers their renderer gave the style groups', () => {
  const one = page([[4, 'A-sc-1', '.a{color:red}'], [5, 'B-sc-2', '.b{color:blue}']], '<main>uno</main>')
  const other = page([[17, 'B-sc-2', '.b{color:blue}'], [9, 'A-sc-1', '.a{color:red}']], '<main>uno</main>')
  expect(comparableHtml(one)).toBe(comparableHtml(other))
})

it('tells pages apart by their rules and their markup', () => {
  const one = page([[1, 'A-sc-1', '.a{color:red}']], '<main>uno</main>')
  expect(comparableHtml(page([[1, 'A-sc-1', '.a{color:green}']], '<main>uno</main>'))).not.toBe(comparableHtml(one))
  expect(comparableHtml(page([[1, 'A-sc-1', '.a{color:red}']], '<main>due</main>'))).not.toBe(comparableHtml(one))
})

it('reads a page stitched with the comments around its slices as the same page without them', () => {
  const body = (script: string) => page([[1, 'A-sc-1', '.a{}']], script)
  expect(comparableHtml(body('<!-- slice-start id="_gatsby-scripts-1" --><script src="/app.js"></script><!-- slice-end id="_gatsby-scripts-1" -->'))).toBe(comparableHtml(body('<script src="/app.js"></script>')))
})
