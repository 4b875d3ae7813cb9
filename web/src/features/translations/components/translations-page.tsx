import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TranslationState } from '../../../../../core/types';
import { EmptyState } from '../../../components/empty-state';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table';
import { sortById } from '../../../lib/format';
import { usePresentationTranslations } from '../api/get-presentation-translations';
import { useVideoTranslations } from '../api/get-video-translations';

const TONE: Record<TranslationState, BadgeTone> = {
  none: 'gray',
  requested: 'amber',
  in_progress: 'blue',
  completed: 'green',
  failed: 'red',
  not_configured: 'gray',
};

/** Presentation or video translations: title, description and the translation state of each item. */
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
        <Table>
          <THead>
            <tr>
              <TH>{t('content.id')}</TH>
              <TH>{t('content.title')}</TH>
              <TH>{t('translations.targetLanguage')}</TH>
              <TH>{t('translations.state')}</TH>
            </tr>
          </THead>
          <TBody>
            {sortById(query.data).map((row) => (
              <TR key={row.id}>
                <TD label={t('content.id')}>{row.id}</TD>
                <TD main>
                  <div className="font-medium">{row.title}</div>
                  {row.description ? <div className="line-clamp-1 text-xs text-muted-foreground">{row.description}</div> : null}
                </TD>
                <TD className="capitalize" label={t('translations.targetLanguage')}>{row.targetLanguage ?? '—'}</TD>
                <TD>
                  <Badge tone={TONE[row.state] ?? 'gray'}>
                    {row.state === 'in_progress' || row.state === 'requested' ? <Spinner className="size-3" /> : null}
                    {t(`translations.states.${row.state}`)}
                  </Badge>
                  {row.error ? <p className="mt-1 text-xs text-destructive">{row.error}</p> : null}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  );
}
