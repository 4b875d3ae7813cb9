import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * A data table. Below 768 px it stacks (index.css `.table-stack`): each row
 * becomes a card, the `main` cell on its own line, the others flowing after
 * it with their `label`, actions at the end; no sideways scrolling on a phone.
 */
export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="w-full overflow-x-auto rounded-xl border border-border bg-card shadow-sm">
      <table className={cn('table-stack w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}
export function THead(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className="border-b border-border bg-muted/60" {...props} />;
}
export function TBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className="divide-y divide-border" {...props} />;
}
export function TR({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('transition-colors hover:bg-muted/40', className)} {...props} />;
}
export function TH({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('h-10 whitespace-nowrap px-4 text-start align-middle text-xs font-semibold uppercase tracking-wide text-muted-foreground', className)} {...props} />;
}
export function TD({
  className,
  label,
  main,
  actions,
  ...props
}: TdHTMLAttributes<HTMLTableCellElement> & {
  /** The column name, shown before the value when the table stacks on a phone. */
  label?: string;
  /** The cell that names the row: a line of its own when stacked. */
  main?: boolean;
  /** The row's buttons: at the end when stacked. */
  actions?: boolean;
}) {
  return <td data-label={label} className={cn('px-4 py-3 align-middle', main && 'cell-main', actions && 'cell-actions', className)} {...props} />;
}
