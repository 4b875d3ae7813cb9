import { cn } from '../../lib/cn';

/** A determinate progress bar (0..100). */
export function Progress({ value, label, className, barClassName }: { value: number; label: string; className?: string; barClassName?: string }) {
  const v = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(v)}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-200', className)}
    >
      <div className={cn('h-full rounded-full bg-brand transition-[width] duration-500', barClassName)} style={{ width: `${v}%` }} />
    </div>
  );
}
