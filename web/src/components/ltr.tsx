import type { ReactNode } from 'react';

/** Keeps numbers with units, times and dates in left-to-right order inside right-to-left text. */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}
