/** The Gatepass mark: a ticket stub in the brand colour. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <path
        d="M8 11a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v2.5a2.5 2.5 0 0 0 0 5V21a2 2 0 0 1-2 2H10a2 2 0 0 1-2-2v-2.5a2.5 2.5 0 0 0 0-5z"
        fill="#fff"
      />
      <path d="M19 10v12" stroke="#4f46e5" strokeWidth="1.5" strokeDasharray="2 2" />
    </svg>
  );
}
