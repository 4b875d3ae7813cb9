import { ServerMessage } from '../../../components/server-message';
import { Download, RotateCcw, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TranslationRecord, TranslationRecordState } from '@core/foundation/types';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDeleteTranslation, useRetryTranslation } from '../api/manage-translation';

export const RECORD_TONE: Record<TranslationRecordState, BadgeTone> = { queued: 'amber', running: 'blue', completed: 'green', failed: 'red' };

/** "Converting 40/120" or "Completed": a translation's state with its progress. */
export function TranslationState({ tr }: { tr: TranslationRecord }) {
  const { t } = useTranslation();
  const running = tr.state === 'queued' || tr.state === 'running';
  return (
    <Badge tone={RECORD_TONE[tr.state]} data-testid="translation-state" data-state={tr.state}>
      {running ? <Spinner className="size-3" /> : null}
      {t(`translations.recordStates.${tr.state}`)}
      {tr.state === 'running' && tr.progress.total ? ` ${tr.progress.done}/${tr.progress.total}` : ''}
    </Badge>
  );
}

/** Provider, model and the machine-translation label. */
export function TranslationProvider({ tr }: { tr: TranslationRecord }) {
  const { t } = useTranslation();
  if (!tr.provider) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span title={tr.model ?? undefined}>{tr.provider}</span>
      {tr.quality === 'machine' ? <Badge tone="amber" title={t('translations.machineHint')}>{t('translations.machine')}</Badge> : null}
    </span>
  );
}

export function TranslationActions({ tr, label }: { tr: TranslationRecord; label: string }) {
  const { t } = useTranslation();
  const retry = useRetryTranslation();
  const del = useDeleteTranslation();
  return (
    <span className="inline-flex items-center gap-1">
      {tr.state === 'completed' && tr.filePath ? (
        <a href={tr.filePath} download={tr.fileName ?? undefined} className={buttonClasses('ghost', 'icon')} aria-label={t('translations.downloadNamed', { title: label })} title={t('translations.download')} data-testid="translation-download">
          <Download aria-hidden />
        </a>
      ) : null}
      {tr.state === 'failed' ? (
        <Button variant="ghost" size="icon" onClick={() => retry.mutate(tr.id)} disabled={retry.isPending} aria-label={t('translations.retryNamed', { title: label })} title={t('common.retry')}>
          <RotateCcw aria-hidden />
        </Button>
      ) : null}
      <Button
        variant="ghost" size="icon" disabled={del.isPending}
        aria-label={t('translations.deleteNamed', { title: label })} title={t('common.delete')}
        onClick={() => { if (window.confirm(t('translations.confirmDelete', { title: label }))) del.mutate(tr.id); }}
      >
        <Trash2 aria-hidden />
      </Button>
    </span>
  );
}

/** An item's translations on its card: language, state with progress, provider, download, retry, delete. */
export function ItemTranslations({ translations, title }: { translations: TranslationRecord[]; title: string }) {
  const { t } = useTranslation();
  if (!translations.length) return null;
  return (
    <ul className="mb-3 grid gap-1.5 text-xs" aria-label={t('translations.listNamed', { title })} data-testid="item-translations">
      {translations.map((tr) => {
        const label = `${title} (${t(`languages.${tr.targetLanguage}`)})`;
        return (
          <li key={tr.id} className="flex flex-wrap items-center gap-2" data-testid="item-translation" data-language={tr.targetLanguage}>
            <span className="font-medium">{t(`languages.${tr.targetLanguage}`)}</span>
            <TranslationState tr={tr} />
            <TranslationProvider tr={tr} />
            <TranslationActions tr={tr} label={label} />
            {tr.state === 'failed' && tr.error ? <p className="w-full text-destructive"><ServerMessage coded={tr.errorCode} text={tr.error} /></p> : null}
            <TranslationWarnings warnings={tr.warnings} />
          </li>
        );
      })}
    </ul>
  );
}

/** A translation's warnings as a list, one a line (not a run-on paragraph), each with the part of the file it is about. */
export function TranslationWarnings({ warnings }: { warnings: TranslationRecord['warnings'] }) {
  if (!warnings.length) return null;
  return (
    <ul className="w-full list-disc ps-5 text-amber-800" data-testid="translation-warnings">
      {warnings.map((w, i) => (
        <li key={i}>
          {w.unit != null ? <><bdi className="font-medium">{w.unit}</bdi>: </> : null}
          <ServerMessage coded={w.code} text={w.message} />
        </li>
      ))}
    </ul>
  );
}
