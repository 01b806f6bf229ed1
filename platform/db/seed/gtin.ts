/** EAN-13 check digit of the first 12 digits (weights 1,3,1,3,… from the left). */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`expected 12 digits, got "${first12}"`)
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3)
  return (10 - (sum % 10)) % 10
}

/** A valid EAN-13 with an Italian (80x) prefix, unique per `serial` < 10^10. */
export function italianEan13(serial: number): string {
  const first12 = `80${String(serial).padStart(10, '0')}`
  return first12 + String(ean13CheckDigit(first12))
}

export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === Number(code[12])
}
