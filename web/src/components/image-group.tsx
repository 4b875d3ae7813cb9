import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from './ui/badge';
import { Dialog } from './ui/dialog';

/** A titled group of image tiles with its count, in a 4-column grid. */
export function ImageGroup({ title, count, testId, children }: { title: string; count: number; testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title} data-testid={testId}>
      <h2 className="mb-3 flex items-center gap-2 text-base font-semibold">
        {title}
        <Badge>{t('images.count', { count })}</Badge>
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">{children}</div>
    </section>
  );
}

/** One image at full size in a dialog. */
export function ImageViewer({ title, description, src, alt, onClose }: { title: string; description?: string; src: string; alt: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title} description={description} className="max-w-4xl">
      <img src={src} alt={alt} className="max-h-[70vh] w-full rounded-md bg-muted object-contain" />
    </Dialog>
  );
}
