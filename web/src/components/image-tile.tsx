import { Download, Eye, ImageOff, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeImage, imageDescriptionText } from '../lib/image-words';
import { cn } from '../lib/cn';
import { Button, DESTRUCTIVE_GHOST } from './ui/button';

/**
 * One stored image with view, download and delete (after the user confirms); a broken image shows a placeholder icon.
 * The description is the caption and the alt text ("Image #id" without one).
 */
export function ImageTile({
  image,
  meta,
  onView,
  onDownload,
  onDelete,
  deleting,
}: {
  image: { id: number; image: string; description: string };
  meta?: ReactNode;
  onView: () => void;
  onDownload: () => void;
  onDelete: () => void;
  deleting?: boolean;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const parts = describeImage(image.description, t);
  const alt = image.description ? imageDescriptionText(image.description, t) : t('images.imageNumber', { id: image.id });
  return (
    <figure className="group overflow-hidden rounded-xl border border-border bg-card shadow-sm" data-testid="image-tile">
      <div className="relative aspect-video bg-muted">
        {broken ? (
          <div className="flex size-full items-center justify-center text-muted-foreground" data-testid="broken-image">
            <ImageOff className="size-8" aria-label={t('images.broken')} role="img" />
          </div>
        ) : (
          <img src={image.image} alt={alt} data-user-content="" loading="lazy" onError={() => setBroken(true)} className="size-full object-contain" />
        )}
      </div>
      <figcaption className="flex flex-col gap-2 p-3">
        {parts.length ? (
          <div className="line-clamp-2 text-sm">
            {parts.map((p, i) => (
              <span key={i}>
                {i > 0 ? ' — ' : null}
                {p.label ? <span className="font-medium">{p.label} </span> : null}
                {/* The document's own words, in its language. */}
                <span dir="auto" data-user-content="">{p.text}</span>
              </span>
            ))}
          </div>
        ) : null}
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
            className={cn('ms-auto', DESTRUCTIVE_GHOST)}
            onClick={() => {
              if (window.confirm(t('images.confirmDelete'))) onDelete();
            }}
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
