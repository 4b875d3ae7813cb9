import { Upload } from 'lucide-react';
import type { ChangeEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';
import { Label, Switch } from './ui/input';
import { Progress } from './ui/progress';
import { Spinner } from './ui/spinner';

/** Shared pieces of the upload forms: labelled field, switch row, upload progress and the cancel/submit row. */

/** A label above its control; `required` adds the red asterisk. */
export function FormField({ htmlFor, label, required, children }: { htmlFor: string; label: ReactNode; required?: boolean; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={htmlFor}>
        {label}
        {required ? (
          <>
            {' '}
            <span className="text-destructive" aria-hidden>
              *
            </span>
          </>
        ) : null}
      </Label>
      {children}
    </div>
  );
}

/** A bordered row with a label, a hint and a switch on the far side. */
export function SwitchRow({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: ChangeEventHandler<HTMLInputElement>;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-3">
      <div>
        <Label htmlFor={id}>{label}</Label>
        <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
      </div>
      <Switch id={id} checked={checked} disabled={disabled} onChange={onChange} />
    </div>
  );
}

/** Upload percentage, or "finishing" once the bytes are sent; nothing before the upload starts. */
export function UploadProgress({ progress }: { progress: number | null }) {
  const { t } = useTranslation();
  if (progress === null) return null;
  return (
    <div className="grid gap-1" aria-live="polite">
      <Progress value={progress} label={t('upload.progress')} />
      <p className="text-xs text-muted-foreground">{progress < 100 ? t('upload.uploading', { percent: progress }) : t('upload.finishing')}</p>
    </div>
  );
}

export function UploadActions({ onCancel, busy, submitLabel }: { onCancel: () => void; busy: boolean; submitLabel: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner /> : <Upload aria-hidden />}
        {busy ? t('upload.uploadingShort') : submitLabel}
      </Button>
    </div>
  );
}
