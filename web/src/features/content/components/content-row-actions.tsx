import { Eye, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ContentItem, ContentType } from '@core/foundation/types';
import { RowMenu, type RowMenuItem } from '../../../components/ui/row-menu';
import type { useDeleteContent } from '../api/delete-content';
import type { TranslationColumns } from './content-cells';

/** Where the source viewer shows an item: a PDF from its first page, a deck from its first slide, a video from its start. */
const viewerPath = (type: 'document' | 'presentation' | 'video', item: ContentItem) =>
  `/view/${type}/${item.id}${type === 'document' && /\.pdf$/i.test(item.fileName) ? '?page=1' : type === 'presentation' ? '?slide=1' : ''}`;

export interface RowActionsProps {
  type?: ContentType;
  translations?: TranslationColumns;
  onEdit?: (item: ContentItem) => void;
  extraMenu?: (item: ContentItem) => RowMenuItem[];
  del: ReturnType<typeof useDeleteContent>;
  /** The ids listed now, in order (where the focus goes after a delete). */
  listedIds: () => number[];
  onDeleted: (before: number[], acted: number[]) => void;
}

/** A row's Translate action (when the app gives one) and its menu: Edit, the app's extras, Open in viewer, Delete. */
export function ContentRowActions({ item, type, translations, onEdit, extraMenu, del, listedIds, onDeleted }: RowActionsProps & { item: ContentItem }) {
  const { t } = useTranslation();
  const menu: RowMenuItem[] = [
    ...(onEdit ? [{ label: t('common.edit'), icon: <Pencil aria-hidden />, onSelect: () => onEdit(item) }] : []),
    ...(extraMenu ? extraMenu(item) : []),
    // The item in the source viewer (a PDF at its first page), as a citation opens it.
    ...(type ? [{ label: t('content.openViewer'), icon: <Eye aria-hidden />, onSelect: () => window.open(viewerPath(type, item), '_blank', 'noopener') }] : []),
    {
      label: t('common.delete'), icon: <Trash2 aria-hidden />, destructive: true, disabled: del.isPending && del.variables === item.id,
      onSelect: () => {
        if (!window.confirm(t('content.confirmDelete', { title: item.title }))) return;
        const before = listedIds();
        del.mutate(item.id, { onSuccess: () => onDeleted(before, [item.id]) });
      },
    },
  ];
  return (
    <div className="flex items-center gap-1">
      {translations && (item.type === 'document' || item.type === 'presentation' || item.type === 'video') ? translations.action(item) : null}
      <RowMenu label={t('content.actionsNamed', { title: item.title })} items={menu} />
    </div>
  );
}
