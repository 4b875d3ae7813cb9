import { ExternalLink } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ContentType, Video } from '@core/foundation/types';
import { PageHeader } from '../../../components/page-header';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import type { SectionId } from '../../../config/admin-sections';
import { paths } from '../../../config/paths';
import { AnalyticsPage } from '../../../features/analytics/components/analytics-page';
import { AuditPage } from '../../../features/audit/components/audit-page';
import { AccountsPage } from '../../../features/accounts/components/accounts-page';
import { ReviewPage } from '../../../features/review/components/review-page';
import { RequestsPage } from '../../../features/requests/components/requests-page';
import { SitesPage } from '../../../features/sites/components/sites-page';
import { BotImagesPage } from '../../../features/bot-images/components/bot-images-page';
import { CategoriesPage } from '../../../features/categories/components/categories-page';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page';
import { DocumentsPage } from '../../../features/documents/components/documents-page';
import { FileManagerPage } from '../../../features/file-manager/components/file-manager-page';
import { PresentationImagesPage } from '../../../features/presentation-images/components/presentation-images-page';
import { PresentationsPage } from '../../../features/presentations/components/presentations-page';
import { TranslationsPage } from '../../../features/translations/components/translations-page';
import { CardTranslations } from '../../../features/translations/components/translation-slots';
import { VideosPage } from '../../../features/videos/components/videos-page';
import { WidgetSettingsPage } from '../../../features/widget-settings/components/widget-settings-page';
import type { UploadRequest } from './upload-dialog-host';

const ChatWindow = lazy(() => import('../../../features/chat/components/chat-window').then((m) => ({ default: m.ChatWindow })));

/** The sections that share the upload dialog, the cards/table switch or the content table. */
type ContentSection = 'dashboard' | 'documents' | 'presentations' | 'videos';

/** What the content sections need from the section view: the upload dialog, the view switch, the content table. */
export interface SectionContext {
  setUpload: (request: UploadRequest) => void;
  navigate: (href: string) => void;
  switchFor: (key: string) => ReactNode;
  isTable: (key: string) => boolean;
  tableFor: (type: ContentType, onAdd: () => void, onEdit?: (id: number) => void) => ReactNode;
}

/** A video card's translations and its Translate action. */
const videoTranslations = (v: Video) => <CardTranslations item={{ type: 'video', id: v.id, title: v.label, sourceLanguage: v.sourceLanguage, status: v.status }} />;

const isContentSection = (section: SectionId): section is ContentSection =>
  section === 'dashboard' || section === 'documents' || section === 'presentations' || section === 'videos';

function contentSectionPage(section: ContentSection, ctx: SectionContext): ReactNode {
  const { setUpload, navigate, switchFor, isTable, tableFor } = ctx;
  switch (section) {
    case 'dashboard':
      return (
        <DashboardPage
          onUploadContent={() => setUpload({ contentType: 'document', allowTypeChange: true })}
          onOpenAssistant={() => navigate(paths.chat.getHref())}
          onOpenAnalytics={() => navigate(paths.dashboard.getHref('analytics'))}
          onOpenReview={() => navigate(paths.dashboard.getHref('review'))}
        />
      );
    case 'documents': {
      const open = () => setUpload({ contentType: 'document' });
      return (
        <DocumentsPage
          onUpload={open} viewSwitch={switchFor('documents')} table={isTable('documents') ? (onEdit) => tableFor('document', open, onEdit) : undefined}
          cardExtras={(d) => <CardTranslations item={{ type: 'document', id: d.id, title: d.title, sourceLanguage: d.sourceLanguage, status: d.status }} />}
        />
      );
    }
    case 'presentations': {
      const open = () => setUpload({ contentType: 'presentation' });
      return (
        <PresentationsPage
          onUpload={open} viewSwitch={switchFor('presentations')} table={isTable('presentations') ? tableFor('presentation', open) : undefined}
          cardExtras={(p) => <CardTranslations item={{ type: 'presentation', id: p.id, title: p.label, sourceLanguage: p.sourceLanguage, status: p.status }} />}
        />
      );
    }
    case 'videos':
      return <VideosPage viewSwitch={switchFor('videos')} renderTable={isTable('videos') ? (onAdd) => tableFor('video', onAdd) : undefined} cardExtras={videoTranslations} />;
    default: {
      const never: never = section;
      return never;
    }
  }
}

/** The assistant section: the public chat inside the console, with a link to the full-page chat. */
function AssistantSection() {
  const { t } = useTranslation();
  return (
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
}

/** The sections that are one page of their own feature. */
function standalonePage(section: Exclude<SectionId, ContentSection>): ReactNode {
  switch (section) {
    case 'presentation-images': return <PresentationImagesPage />;
    case 'presentation-translations': return <TranslationsPage kind="presentation" />;
    case 'video-translations': return <TranslationsPage kind="video" />;
    case 'broadcast': return <VideosPage key="broadcast" subcategory="broadcast" />;
    case 'podcast': return <VideosPage key="podcast" subcategory="podcast" />;
    case 'learning-resources': return <VideosPage key="learning" subcategory="learning_resources" />;
    case 'bot-images': return <BotImagesPage />;
    case 'categories': return <CategoriesPage />;
    case 'file-manager': return <FileManagerPage />;
    case 'analytics': return <AnalyticsPage />;
    case 'review': return <ReviewPage />;
    case 'audit': return <AuditPage />;
    case 'requests': return <RequestsPage />;
    case 'sites': return <SitesPage />;
    case 'users': return <AccountsPage />;
    case 'widget': return <WidgetSettingsPage />;
    case 'chatbot-responses': return <AssistantSection />;
    default: {
      const never: never = section;
      return never;
    }
  }
}

/** The page of one admin section. */
export const sectionPage = (section: SectionId, ctx: SectionContext): ReactNode =>
  isContentSection(section) ? contentSectionPage(section, ctx) : standalonePage(section);
