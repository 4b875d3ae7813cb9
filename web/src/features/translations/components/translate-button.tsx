import { Languages } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@core/types';
import { LanguageSelect } from '../../../components/language-select';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useRequestTranslation } from '../api/request-translation';

const NAME_OF: Record<string, TranslationLanguage> = {
  en: 'english', es: 'spanish', fr: 'french', de: 'german', it: 'italian', pt: 'portuguese', zh: 'chinese', ja: 'japanese', ko: 'korean',
  ar: 'arabic', he: 'hebrew', ru: 'russian', nl: 'dutch', pl: 'polish', sv: 'swedish', no: 'norwegian', nb: 'norwegian', da: 'danish',
};

/** The item's language as a product language (stored as a code or a name). */
export function productLanguage(source: string | null): TranslationLanguage | null {
  if (!source) return null;
  const s = source.toLowerCase();
  return (TRANSLATION_LANGUAGES as readonly string[]).includes(s) ? (s as TranslationLanguage) : NAME_OF[s.split(/[-_]/)[0] ?? ''] ?? null;
}

/** "Translate": picks a target language from the spec's list (not the item's own) and asks for the translation. */
export function TranslateButton({ type, id, title, sourceLanguage, size = 'sm', iconOnly = false }: {
  type: 'document' | 'presentation' | 'video';
  id: number;
  title: string;
  sourceLanguage: string | null;
  size?: 'sm' | 'icon';
  iconOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [lang, setLang] = useState('');
  const request = useRequestTranslation();
  const own = productLanguage(sourceLanguage);
  const submit = () => {
    if (!lang) return;
    request.mutate({ type, id, targetLanguage: lang }, { onSuccess: () => { setOpen(false); setLang(''); } });
  };
  return (
    <>
      <Button variant={iconOnly ? 'ghost' : 'outline'} size={size} onClick={() => setOpen(true)} aria-label={t('translations.translateNamed', { title })} title={t('translations.translate')} data-testid="translate-button">
        <Languages aria-hidden />
        {iconOnly ? null : t('translations.translate')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={t('translations.translateNamed', { title })}
        description={t('translations.translateHint')}
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
            <Button onClick={submit} disabled={!lang || request.isPending} data-testid="translate-submit">{t('translations.translate')}</Button>
          </>
        }
      >
        <label className="grid gap-1.5 text-sm font-medium">
          {t('translations.targetLanguage')}
          <LanguageSelect value={lang} onChange={(e) => setLang(e.target.value)} exclude={own ? [own] : []} data-testid="translate-language" />
        </label>
      </Dialog>
    </>
  );
}
