import { LayoutGrid, Table2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ContentItem, ContentType } from '@core/foundation/types';
import type { SectionId } from '../../../config/admin-sections';
import { cn } from '../../../lib/cn';
import { ContentList, type TranslationColumns } from '../../../features/content/components/content-list';
import { ConvertedFileCell, TranslateRowAction, TranslationStatusCell } from '../../../features/translations/components/translation-slots';
import { useVersionActions } from '../../../features/versions/components/version-actions';
import { sectionPage } from './section-pages';
import { UploadDialogHost, type UploadRequest } from './upload-dialog-host';

type View = 'cards' | 'table';

/** The content table's translation columns and row action, from the translations feature. */
const refOf = (item: ContentItem) => ({ type: item.type as 'document' | 'presentation' | 'video', id: item.id, title: item.title, status: item.status, sourceLanguage: null });

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

  const page = sectionPage(section, {
    setUpload, navigate, switchFor, tableFor,
    isTable: (key) => viewOf(key) === 'table',
  });

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
