import { FileUp } from 'lucide-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../lib/format';
import { cn } from '../lib/cn';
import { Ltr } from './ltr';
import { Button } from './ui/button';

/**
 * A file picker dressed as a drop zone. The native input stays in the page
 * (labelled by the caller's <Label htmlFor={id}>) but is visually hidden so
 * every visible word is translated; a button opens it and files can be dropped.
 */
export function FileDrop({
  id,
  accept,
  file,
  onFile,
  required,
  disabled,
  hint,
}: {
  id: string;
  accept: string;
  file: File | null;
  onFile: (file: File | null) => void;
  required?: boolean;
  disabled?: boolean;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const f = e.dataTransfer.files?.[0];
    if (f) onFile(f);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'relative flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-5 text-center transition-colors',
        over ? 'border-brand bg-blue-50' : 'border-input bg-muted/40',
      )}
    >
      <FileUp className="size-6 text-muted-foreground" aria-hidden />
      <p className="text-sm" aria-live="polite">
        {file ? (
          <span className="font-medium" data-testid="chosen-file">
            {file.name}{' '}
            <span className="text-muted-foreground">
              (<Ltr>{formatBytes(file.size)}</Ltr>)
            </span>
          </span>
        ) : (
          <span className="text-muted-foreground">{t('upload.dropHint')}</span>
        )}
      </p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <Button variant="outline" size="sm" disabled={disabled} onClick={() => inputRef.current?.click()}>
        {file ? t('upload.chooseOther') : t('upload.chooseFile')}
      </Button>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        required={required}
        disabled={disabled}
        aria-required={required}
        tabIndex={-1}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        className="sr-only"
      />
    </div>
  );
}
