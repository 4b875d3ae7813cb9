import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, DESTRUCTIVE_GHOST } from './ui/button';
import { TH, THead } from './ui/table';

/**
 * A row's actions cell that stays in view at the table's end side while the
 * rest scrolls sideways (wide tables, long Hebrew words); a card's last line
 * when the table stacks on a phone.
 */
export const STICKY_ACTIONS = 'md:sticky md:end-0 md:z-[1] md:border-s md:border-border md:bg-card';

/** The header row of a data table; the optional actions column is aligned to the end (`stickyActions`: kept in view). */
export function TableHeader({ columns, actions, stickyActions }: { columns: string[]; actions?: string; stickyActions?: boolean }) {
  return (
    <THead>
      <tr>
        {columns.map((c) => (
          <TH key={c}>{c}</TH>
        ))}
        {actions !== undefined ? <TH className={stickyActions ? 'text-end md:sticky md:end-0 md:z-[1] md:border-s md:border-border md:bg-[color-mix(in_srgb,var(--color-muted)_60%,var(--color-card))]' : 'text-end'}>{actions}</TH> : null}
      </tr>
    </THead>
  );
}

/** The red trash-can icon button of a table row; `label` names what it deletes. */
export function DeleteIconButton({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button variant="ghost" size="icon" className={DESTRUCTIVE_GHOST} aria-label={label} title={t('common.delete')} disabled={disabled} onClick={onClick}>
      <Trash2 aria-hidden />
    </Button>
  );
}
