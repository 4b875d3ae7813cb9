import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TranslationRecord } from '@core/foundation/types';
import { useTranslations } from '../api/get-translations';
import { ItemTranslations, TranslationState } from './item-translations';
import { TranslateButton } from './translate-button';

/**
 * What other pages show of translations, handed to them by the app's
 * composition (features do not import each other): an item's translations
 * with the Translate action on cards, and the content table's cells.
 */
type ItemRef = { type: 'document' | 'presentation' | 'video'; id: number; title: string; sourceLanguage?: string | null; status?: string };

function useItemTranslations(type: string, id: number): TranslationRecord[] {
  const q = useTranslations();
  return (q.data ?? []).filter((t) => t.itemType === type && t.itemId === id).sort((a, b) => a.id - b.id);
}

/** On a card: the item's translations and, once it is processed, "Translate". */
export function CardTranslations({ item }: { item: ItemRef }) {
  const list = useItemTranslations(item.type, item.id);
  return (
    <>
      <ItemTranslations translations={list} title={item.title} />
      {item.status === 'completed' ? (
        <div className="mb-3">
          <TranslateButton type={item.type} id={item.id} title={item.title} sourceLanguage={item.sourceLanguage ?? null} />
        </div>
      ) : null}
    </>
  );
}

/** Table "Converted File": a download link per finished translation, else "Not available". */
export function ConvertedFileCell({ item }: { item: ItemRef }) {
  const { t } = useTranslation();
  const done = useItemTranslations(item.type, item.id).filter((x) => x.state === 'completed' && x.filePath);
  if (!done.length) return <span className="text-muted-foreground">{t('content.notAvailable')}</span>;
  return (
    <span className="inline-flex flex-wrap gap-2">
      {done.map((x) => (
        <a key={x.id} href={x.filePath!} download={x.fileName ?? undefined} className="inline-flex items-center gap-1 text-brand hover:underline" data-testid="converted-file">
          <Download className="size-3.5" aria-hidden />
          {t(`languages.${x.targetLanguage}`)}
        </a>
      ))}
    </span>
  );
}

/** Table "Translation Status": each translation's state, else "Required" / "Not needed". */
export function TranslationStatusCell({ item, needsTranslation }: { item: ItemRef; needsTranslation: boolean }) {
  const { t } = useTranslation();
  const list = useItemTranslations(item.type, item.id);
  if (!list.length) return <>{needsTranslation ? t('content.required') : t('content.notNeeded')}</>;
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      {list.map((x) => (
        <span key={x.id} className="inline-flex items-center gap-1">
          <span className="text-xs">{t(`languages.${x.targetLanguage}`)}</span>
          <TranslationState tr={x} />
        </span>
      ))}
    </span>
  );
}

/** Table row action: "Translate" as an icon button. */
export function TranslateRowAction({ item }: { item: ItemRef }) {
  // While the item is processed (a translation just asked for included) the button stays, unusable: the row keeps
  // its place and a focused button its focus (it used to vanish and leave the focus on the page body).
  return <TranslateButton type={item.type} id={item.id} title={item.title} sourceLanguage={item.sourceLanguage ?? null} size="icon" iconOnly unavailable={item.status !== 'completed'} />;
}
