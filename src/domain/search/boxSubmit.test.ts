import { isEmptyBoxSubmit, SUBMIT_MARK } from './boxSubmit'

const mark = `${SUBMIT_MARK.name}=${SUBMIT_MARK.value}`

describe('isEmptyBoxSubmit', () => {
  it('is true for the box submitted with no term, an empty one or a blank one', () => {
    expect(isEmptyBoxSubmit(mark)).toBe(true)
    expect(isEmptyBoxSubmit(`${mark}&q=`)).toBe(true)
    expect(isEmptyBoxSubmit(`${mark}&q=+%20%09`)).toBe(true)
  })

  it('is false for a term, and for an address without the mark (a link to /s)', () => {
    expect(isEmptyBoxSubmit(`${mark}&q=crocchette`)).toBe(false)
    expect(isEmptyBoxSubmit(`${mark}&q=+a+`)).toBe(false)
    expect(isEmptyBoxSubmit('q=')).toBe(false)
    expect(isEmptyBoxSubmit('')).toBe(false)
    expect(isEmptyBoxSubmit(`${SUBMIT_MARK.name}=other&q=`)).toBe(false)
  })
})
