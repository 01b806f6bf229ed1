/** The shopping-cart glyph, in the current text colour. */
export function CartIcon({ size = 24, className }: { size?: number; className?: string }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.5 2H21l-2.2 8.1a2 2 0 0 1-1.9 1.4H8.4a2 2 0 0 1-1.9-1.5L3.6 4H1V2h4.2Z"
      />
    </svg>
  )
}
