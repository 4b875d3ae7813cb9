import { Download, Eye, ImageOff, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';

/** One stored image with view, download and delete; a broken image shows a placeholder icon. */
export function ImageTile({
  src,
  alt,
  caption,
  meta,
  onView,
  onDownload,
  onDelete,
  deleting,
}: {
  src: string;
  alt: string;
  caption?: ReactNode;
  meta?: ReactNode;
  onView: () => void;
  onDownload: () => void;
  onDelete: () => void;
  deleting?: boolean;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  return (
    <figure className="group overflow-hidden rounded-xl border border-border bg-card shadow-sm" data-testid="image-tile">
      <div className="relative aspect-video bg-muted">
        {broken ? (
          <div className="flex size-full items-center justify-center text-muted-foreground" data-testid="broken-image">
            <ImageOff className="size-8" aria-label={t('images.broken')} role="img" />
          </div>
        ) : (
          <img src={src} alt={alt} loading="lazy" onError={() => setBroken(true)} className="size-full object-contain" />
        )}
      </div>
      <figcaption className="flex flex-col gap-2 p-3">
        {caption ? <div className="line-clamp-2 text-sm">{caption}</div> : null}
        {meta ? <div className="flex flex-wrap gap-1 text-xs text-muted-foreground">{meta}</div> : null}
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" onClick={onView} aria-label={t('images.viewFull')} title={t('images.viewFull')}>
            <Eye aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" onClick={onDownload} aria-label={t('common.download')} title={t('common.download')}>
            <Download aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="ms-auto text-destructive hover:bg-red-50 hover:text-destructive"
            onClick={onDelete}
            disabled={deleting}
            aria-label={t('common.delete')}
            title={t('common.delete')}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      </figcaption>
    </figure>
  );
}
