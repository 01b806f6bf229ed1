import { withoutNul } from './html'

describe('withoutNul', () => {
  it('drops the NUL bytes React 18 can leave at a buffer boundary, keeping every character whole', () => {
    const broken = Buffer.concat([Buffer.from('<s>'), Buffer.from([0, 0]), Buffer.from('€ 2,19 — àèì</s>')])
    expect(withoutNul(broken).toString('utf8')).toBe('<s>€ 2,19 — àèì</s>')
  })

  it('answers the same buffer when there is nothing to drop', () => {
    const clean = Buffer.from('<p>Crocchette per cani</p>')
    expect(withoutNul(clean)).toBe(clean)
  })
})
