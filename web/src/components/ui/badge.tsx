import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export type BadgeTone = 'gray' | 'amber' | 'blue' | 'green' | 'red' | 'violet' | 'outline';

const tones: Record<BadgeTone, string> = {
  gray: 'bg-slate-100 text-slate-700 border-slate-200',
  amber: 'bg-amber-100 text-amber-800 border-amber-200',
  blue: 'bg-blue-100 text-blue-800 border-blue-200',
  green: 'bg-green-100 text-green-800 border-green-200',
  red: 'bg-red-100 text-red-800 border-red-200',
  violet: 'bg-violet-100 text-violet-800 border-violet-200',
  outline: 'bg-background text-foreground border-border',
};

export function Badge({ className, tone = 'gray', ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cn('inline-flex items-center gap-1 whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium', tones[tone], className)}
      {...props}
    />
  );
}
