// The OpenPie mark: a pie with one slice lifted out. Drawn inline so no image request is needed and
// the colours follow the light and dark tokens.
export interface PieMarkProps {
  className?: string;
}

export function PieMark({ className }: PieMarkProps) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 17.5 L26.392 11.5 A12 12 0 1 1 16 5.5 Z" style={{ fill: 'var(--color-slice-1)' }} />
      <path
        d="M16 17.5 L20.104 28.776 M16 17.5 L4 17.5"
        style={{ stroke: 'var(--color-bg)', strokeWidth: 1.5, strokeLinecap: 'round', fill: 'none' }}
      />
      <path
        d="M17.25 15.335 L17.25 3.335 A12 12 0 0 1 27.642 9.335 Z"
        style={{ fill: 'var(--color-slice-2)' }}
      />
    </svg>
  );
}
