import { FileUp } from 'lucide-react';
import { forwardRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../lib/format';
import { cn } from '../lib/cn';

/**
 * A labelled native file input dressed as a drop zone: keyboard and screen
 * readers use the real input; files can also be dropped on it.
 */
export const FileDrop = forwardRef<
  HTMLInputElement,
  { id: string; accept: string; file: File | null; onFile: (file: File | null) => void; required?: boolean; disabled?: boolean; hint?: string }
>(function FileDrop({ id, accept, file, onFile, required, disabled, hint }, ref) {
  const { t } = useTranslation();
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
        'relative flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-5 text-center transition-colors focus-within:ring-2 focus-within:ring-ring',
        over ? 'border-brand bg-blue-50' : 'border-input bg-muted/40',
      )}
    >
      <FileUp className="size-6 text-muted-foreground" aria-hidden />
      <p className="text-sm">
        {file ? (
          <span className="font-medium" data-testid="chosen-file">
            {file.name} <span className="text-muted-foreground">({formatBytes(file.size)})</span>
          </span>
        ) : (
          <span className="text-muted-foreground">{t('upload.dropHint')}</span>
        )}
      </p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      <input
        ref={ref}
        id={id}
        type="file"
        accept={accept}
        required={required}
        disabled={disabled}
        aria-required={required}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        className="text-sm file:me-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-primary file:px-3 file:py-1.5 file:text-primary-foreground"
      />
    </div>
  );
});
