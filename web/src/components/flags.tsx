/** Small inline flags (emoji flags need a font that many systems lack). */
export function FlagUS({ className = 'h-3 w-[1.15rem]' }: { className?: string }) {
  return (
    <svg viewBox="0 0 19 10" className={`${className} shrink-0 rounded-[2px] shadow-[0_0_0_1px_rgba(0,0,0,0.08)]`} aria-hidden>
      <rect width="19" height="10" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((i) => (
        <rect key={i} y={(i * 10) / 13} width="19" height={10 / 13} fill="#b22234" />
      ))}
      <rect width="7.6" height={(7 * 10) / 13} fill="#3c3b6e" />
    </svg>
  );
}

export function FlagIL({ className = 'h-3 w-[1.15rem]' }: { className?: string }) {
  return (
    <svg viewBox="0 0 22 16" className={`${className} shrink-0 rounded-[2px] shadow-[0_0_0_1px_rgba(0,0,0,0.08)]`} aria-hidden>
      <rect width="22" height="16" fill="#fff" />
      <rect y="1.5" width="22" height="2.4" fill="#0038b8" />
      <rect y="12.1" width="22" height="2.4" fill="#0038b8" />
      <g fill="none" stroke="#0038b8" strokeWidth="0.9">
        <path d="M11 4.6 L14 9.8 L8 9.8 Z" />
        <path d="M11 11.4 L8 6.2 L14 6.2 Z" />
      </g>
    </svg>
  );
}
