import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, DESTRUCTIVE_GHOST } from './ui/button';
import { TH, THead } from './ui/table';

/** The header row of a data table; the optional actions column is aligned to the end. */
export function TableHeader({ columns, actions }: { columns: string[]; actions?: string }) {
  return (
    <THead>
      <tr>
        {columns.map((c) => (
          <TH key={c}>{c}</TH>
        ))}
        {actions !== undefined ? <TH className="text-end">{actions}</TH> : null}
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
