import { hashPassword, verifyPassword } from './password'

describe('password hashing', () => {
  it('verifies the right password and rejects a wrong one', async () => {
    const hash = await hashPassword('Password123!')
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/)
    await expect(verifyPassword('Password123!', hash)).resolves.toBe(true)
    await expect(verifyPassword('password123!', hash)).resolves.toBe(false)
  })

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })

  it('rejects malformed hashes', async () => {
    await expect(verifyPassword('x', 'plain-text')).resolves.toBe(false)
  })
})
