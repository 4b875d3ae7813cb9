import { useTranslation } from 'react-i18next';
import type { BotImage } from '@core/foundation/types';
import { Ltr } from '../../../components/ltr';
import { Badge } from '../../../components/ui/badge';
import { Label, Select } from '../../../components/ui/input';
import { formatDate } from '../../../lib/format';
import { imageTagLabel } from '../../../lib/image-words';
import type { Group } from '../hooks/use-image-groups';

/** A tile's page, up to three tags (not the page or the document again) and its date. */
export function BotImageMeta({ img, groupTitle }: { img: BotImage; groupTitle: string }) {
  const { t } = useTranslation();
  return (
    <>
      {img.page ? <Badge tone="outline">{t('images.page', { page: img.page })}</Badge> : null}
      {img.tags
        .filter((tag) => ![t('images.page', { page: img.page ?? 0 }), groupTitle, `page ${img.page}`].some((x) => x.toLowerCase() === tag.toLowerCase()))
        .slice(0, 3)
        .map((tag) => {
          const { label, own } = imageTagLabel(tag, t);
          return (
            <Badge key={tag} tone="outline" {...(own ? { 'data-user-content': '' } : {})}>
              {label}
            </Badge>
          );
        })}
      <Ltr className="ms-auto">{formatDate(img.createdAt)}</Ltr>
    </>
  );
}

/** Filter by document: all, or one document's images. */
export function DocumentFilter({ id, filter, onChange, total, groups }: { id: string; filter: string; onChange: (key: string) => void; total: number; groups: Group[] }) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={`${id}-filter`} className="whitespace-nowrap">
        {t('images.filterByDocument')}
      </Label>
      <Select id={`${id}-filter`} value={filter} onChange={(e) => onChange(e.target.value)} className="w-56">
        <option value="all">{t('images.allDocuments', { count: total })}</option>
        {groups.map((g) => (
          <option key={g.key} value={g.key}>
            {g.title} ({g.images.length})
          </option>
        ))}
      </Select>
    </div>
  );
}
