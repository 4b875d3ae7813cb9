import { ServerMessage } from '../../../components/server-message';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TranslationState as ItemTranslationState } from '@core/foundation/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table';
import { usePresentationTranslations } from '../api/get-presentation-translations';
import { useVideoTranslations } from '../api/get-video-translations';
import type { TranslationRow } from '../api/types';
import { TranslationActions, TranslationProvider, TranslationState } from './item-translations';

const TONE: Record<ItemTranslationState, BadgeTone> = {
  none: 'gray',
  requested: 'amber',
  in_progress: 'blue',
  completed: 'green',
  failed: 'red',
  not_configured: 'gray',
};

/** A video row: the request kept on the item until video translation exists. */
function ItemStateBadge({ row }: { row: TranslationRow }) {
  const { t } = useTranslation();
  const state = row.state as ItemTranslationState;
  return (
    <Badge tone={TONE[state] ?? 'gray'}>
      {state === 'in_progress' || state === 'requested' ? <Spinner className="size-3" /> : null}
      {t(`translations.states.${state}`)}
    </Badge>
  );
}

/**
 * Presentation translations (one row per translation: language, state with
 * progress, provider, download, retry, delete) or video translations.
 */
export function TranslationsPage({ kind }: { kind: 'presentation' | 'video' }) {
  const { t } = useTranslation();
  const pres = usePresentationTranslations(kind === 'presentation');
  const vid = useVideoTranslations(kind === 'video');
  const query = kind === 'presentation' ? pres : vid;

  return (
    <section>
      <PageHeader
        title={kind === 'presentation' ? t('translations.presentationTitle') : t('translations.videoTitle')}
        description={kind === 'presentation' ? t('translations.presentationSubtitle') : t('translations.videoSubtitle')}
      />
      {query.isPending ? (
        <SkeletonRows />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState icon={Languages} title={t('translations.empty')} hint={t('translations.emptyHint')} />
      ) : (
        <Table data-testid="translations-table">
          <THead>
            <tr>
              <TH>{t('content.id')}</TH>
              <TH>{t('content.title')}</TH>
              <TH>{t('translations.targetLanguage')}</TH>
              <TH>{t('translations.state')}</TH>
              <TH>{t('translations.provider')}</TH>
              <TH>{t('translations.actions')}</TH>
            </tr>
          </THead>
          <TBody>
            {query.data.map((row, i) => {
              const tr = row.translation;
              const language = row.targetLanguage ? t(`languages.${row.targetLanguage}` as 'languages.english') : '—';
              return (
                <TR key={tr ? `t${tr.id}` : `i${row.id}-${i}`} data-testid="translation-row">
                  <TD label={t('content.id')}>{row.id}</TD>
                  <TD main>
                    <div className="font-medium">{row.title}</div>
                    {row.description ? <div className="line-clamp-1 text-xs text-muted-foreground">{row.description}</div> : null}
                  </TD>
                  <TD label={t('translations.targetLanguage')}>{language}</TD>
                  <TD>
                    {tr ? <TranslationState tr={tr} /> : <ItemStateBadge row={row} />}
                    {tr && tr.state === 'running' && tr.progress.total ? (
                      <p className="mt-1 text-xs text-muted-foreground">{t('translations.segments', { done: tr.progress.done, total: tr.progress.total })}</p>
                    ) : null}
                    {row.error ? <p className="mt-1 max-w-md whitespace-normal text-xs text-destructive"><ServerMessage coded={row.translation?.errorCode} text={row.error} /></p> : null}
                  </TD>
                  <TD>{tr ? <TranslationProvider tr={tr} /> : '—'}</TD>
                  <TD actions>{tr ? <TranslationActions tr={tr} label={`${row.title} (${language})`} /> : null}</TD>
                </TR>
              );
            })}
          </TBody>
        </Table>
      )}
    </section>
  );
}
