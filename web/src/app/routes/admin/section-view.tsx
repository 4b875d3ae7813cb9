import { ExternalLink, LayoutGrid, Table2 } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ContentItem, ContentType, Video } from '@core/foundation/types';
import { PageHeader } from '../../../components/page-header';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import type { SectionId } from '../../../config/admin-sections';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { AnalyticsPage } from '../../../features/analytics/components/analytics-page';
import { AuditPage } from '../../../features/audit/components/audit-page';
import { AccountsPage } from '../../../features/accounts/components/accounts-page';
import { ReviewPage } from '../../../features/review/components/review-page';
import { RequestsPage } from '../../../features/requests/components/requests-page';
import { SitesPage } from '../../../features/sites/components/sites-page';
import { BotImagesPage } from '../../../features/bot-images/components/bot-images-page';
import { CategoriesPage } from '../../../features/categories/components/categories-page';
import { ContentList, type TranslationColumns } from '../../../features/content/components/content-list';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { DocumentsPage } from '../../../features/documents/components/documents-page';
import { FileManagerPage } from '../../../features/file-manager/components/file-manager-page';
import { PresentationImagesPage } from '../../../features/presentation-images/components/presentation-images-page';
import { PresentationsPage } from '../../../features/presentations/components/presentations-page';
import { TranslationsPage } from '../../../features/translations/components/translations-page';
import { CardTranslations, ConvertedFileCell, TranslateRowAction, TranslationStatusCell } from '../../../features/translations/components/translation-slots';
import { useVersionActions } from '../../../features/versions/components/version-actions';
import { VideosPage } from '../../../features/videos/components/videos-page';
import { WidgetSettingsPage } from '../../../features/widget-settings/components/widget-settings-page';
import { UploadDialogHost, type UploadRequest } from './upload-dialog-host';

const ChatWindow = lazy(() => import('../../../features/chat/components/chat-window').then((m) => ({ default: m.ChatWindow })));

type View = 'cards' | 'table';

/** The content table's translation columns and row action, from the translations feature. */
const refOf = (item: ContentItem) => ({ type: item.type as 'document' | 'presentation' | 'video', id: item.id, title: item.title, status: item.status, sourceLanguage: null });
/** A video card's translations and its Translate action. */
const videoTranslations = (v: Video) => <CardTranslations item={{ type: 'video', id: v.id, title: v.label, sourceLanguage: v.sourceLanguage, status: v.status }} />;

const translationColumns: TranslationColumns = {
  convertedFile: (item) => <ConvertedFileCell item={refOf(item)} />,
  status: (item) => <TranslationStatusCell item={refOf(item)} needsTranslation={item.needsTranslation} />,
  action: (item) => <TranslateRowAction item={refOf(item)} />,
};

function ViewSwitch({ view, onChange }: { view: View; onChange: (v: View) => void }) {
  const { t } = useTranslation();
  const opts: Array<{ v: View; icon: typeof LayoutGrid; label: string }> = [
    { v: 'cards', icon: LayoutGrid, label: t('common.viewCards') },
    { v: 'table', icon: Table2, label: t('common.viewTable') },
  ];
  return (
    <div role="group" aria-label={t('common.view')} className="inline-flex rounded-lg border border-border bg-background p-0.5">
      {opts.map((o) => (
        <button
          key={o.v}
          type="button"
          aria-pressed={view === o.v}
          aria-label={o.label}
          title={o.label}
          onClick={() => onChange(o.v)}
          className={cn('rounded-md p-1.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring', view === o.v ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:text-foreground')}
        >
          <o.icon className="size-4" aria-hidden />
        </button>
      ))}
    </div>
  );
}

/** Renders one admin section; the upload dialog is shared by the dashboard, documents and presentations. */
export function SectionView({ section }: { section: SectionId }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [upload, setUpload] = useState<UploadRequest | null>(null);
  const [views, setViews] = useState<Record<string, View>>({});
  const viewOf = (key: string) => views[key] ?? 'cards';
  // Versions and Replace file in every content table's row menu (their dialogs rendered once, below).
  const versionActions = useVersionActions(section);
  const switchFor = (key: string) => <ViewSwitch view={viewOf(key)} onChange={(v) => setViews((s) => ({ ...s, [key]: v }))} />;
  const tableFor = (type: ContentType, onAdd: () => void, onEdit?: (id: number) => void) => (
    <ContentList type={type} onAdd={onAdd} translations={translationColumns} onEdit={onEdit ? (item) => onEdit(item.id) : undefined} extraMenu={versionActions.menu} />
  );

  let page: ReactNode;
  switch (section) {
    case 'dashboard':
      page = (
        <DashboardPage
          onUploadContent={() => setUpload({ contentType: 'document', allowTypeChange: true })}
          onOpenAssistant={() => navigate(paths.chat.getHref())}
          onOpenAnalytics={() => navigate(paths.dashboard.getHref('analytics'))}
          onOpenReview={() => navigate(paths.dashboard.getHref('review'))}
        />
      );
      break;
    case 'documents': {
      const open = () => setUpload({ contentType: 'document' });
      page = (
        <DocumentsPage
          onUpload={open} viewSwitch={switchFor('documents')} table={viewOf('documents') === 'table' ? (onEdit) => tableFor('document', open, onEdit) : undefined}
          cardExtras={(d) => <CardTranslations item={{ type: 'document', id: d.id, title: d.title, sourceLanguage: d.sourceLanguage, status: d.status }} />}
        />
      );
      break;
    }
    case 'presentations': {
      const open = () => setUpload({ contentType: 'presentation' });
      page = (
        <PresentationsPage
          onUpload={open} viewSwitch={switchFor('presentations')} table={viewOf('presentations') === 'table' ? tableFor('presentation', open) : undefined}
          cardExtras={(p) => <CardTranslations item={{ type: 'presentation', id: p.id, title: p.label, sourceLanguage: p.sourceLanguage, status: p.status }} />}
        />
      );
      break;
    }
    case 'presentation-images':
      page = <PresentationImagesPage />;
      break;
    case 'presentation-translations':
      page = <TranslationsPage kind="presentation" />;
      break;
    case 'video-translations':
      page = <TranslationsPage kind="video" />;
      break;
    case 'videos':
      page = <VideosPage viewSwitch={switchFor('videos')} renderTable={viewOf('videos') === 'table' ? (onAdd) => tableFor('video', onAdd) : undefined} cardExtras={videoTranslations} />;
      break;
    case 'broadcast':
      page = <VideosPage key="broadcast" subcategory="broadcast" />;
      break;
    case 'podcast':
      page = <VideosPage key="podcast" subcategory="podcast" />;
      break;
    case 'learning-resources':
      page = <VideosPage key="learning" subcategory="learning_resources" />;
      break;
    case 'bot-images':
      page = <BotImagesPage />;
      break;
    case 'categories':
      page = <CategoriesPage />;
      break;
    case 'file-manager':
      page = <FileManagerPage />;
      break;
    case 'analytics':
      page = <AnalyticsPage />;
      break;
    case 'review':
      page = <ReviewPage />;
      break;
    case 'audit':
      page = <AuditPage />;
      break;
    case 'requests':
      page = <RequestsPage />;
      break;
    case 'sites':
      page = <SitesPage />;
      break;
    case 'users':
      page = <AccountsPage />;
      break;
    case 'widget':
      page = <WidgetSettingsPage />;
      break;
    case 'chatbot-responses':
      page = (
        <section>
          <PageHeader
            title={t('assistant.title')}
            description={t('assistant.subtitle')}
            actions={
              <Link to={paths.chat.getHref()} target="_blank" className={buttonClasses('outline')}>
                <ExternalLink aria-hidden />
                {t('assistant.openFull')}
              </Link>
            }
          />
          <Suspense fallback={<Skeleton className="h-[560px] w-full rounded-2xl" />}>
            <ChatWindow title={t('chat.title')} height={560} className="mx-auto max-w-3xl" />
          </Suspense>
        </section>
      );
      break;
    default: {
      const never: never = section;
      page = never;
    }
  }

  return (
    <>
      <div key={section} className="animate-fade-in">
        {page}
      </div>
      {upload ? <UploadDialogHost request={upload} onClose={() => setUpload(null)} /> : null}
      {versionActions.dialogs}
    </>
  );
}
