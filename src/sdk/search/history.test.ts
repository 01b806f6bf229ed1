import { addToHistory, readHistory, removeFromHistory, withTerm } from './history'
import { memoryStorage } from '../../testing/storage'

describe('search history', () => {
  it('keeps at most 5 terms, newest first', () => {
    const storage = memoryStorage()
    for (const term of ['uno', 'due', 'tre', 'quattro', 'cinque', 'sei']) addToHistory(term, storage)
    expect(readHistory(storage)).toEqual(['sei', 'cinque', 'quattro', 'tre', 'due'])
  })

  it('stores under main::store::searchHistory as JSON', () => {
    const storage = memoryStorage()
    addToHistory('crocchette', storage)
    expect(JSON.parse(storage.data.get('main::store::searchHistory')!)).toEqual(['crocchette'])
  })

  it('moves a repeated term to the front instead of duplicating it, ignoring case and spaces', () => {
    expect(withTerm(['lettiera', 'cuccia', 'guinzaglio'], ' Cuccia ')).toEqual(['Cuccia', 'lettiera', 'guinzaglio'])
  })

  it('ignores blank terms', () => {
    expect(withTerm(['a'], '   ')).toEqual(['a'])
  })

  it('reads junk or a missing storage as empty', () => {
    expect(readHistory(memoryStorage({ 'main::store::searchHistory': '{not json' }))).toEqual([])
    expect(readHistory(memoryStorage({ 'main::store::searchHistory': '{"a":1}' }))).toEqual([])
    expect(readHistory(memoryStorage({ 'main::store::searchHistory': '["a", 3, "", "b"]' }))).toEqual(['a', 'b'])
    expect(readHistory(null)).toEqual([])
  })

  it('survives a full storage', () => {
    const storage = { ...memoryStorage(), setItem: () => { throw new Error('QuotaExceededError') } }
    expect(addToHistory('cuccia', storage)).toEqual(['cuccia'])
  })

  it('removes one term', () => {
    const storage = memoryStorage()
    addToHistory('a', storage)
    addToHistory('b', storage)
    expect(removeFromHistory('A', storage)).toEqual(['b'])
  })
})
