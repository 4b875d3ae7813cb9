import { Languages } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@core/foundation/types';
import { LanguageSelect } from '../../../components/language-select';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { isApiError } from '../../../lib/api-client';
import { wordError, wordMessage } from '../../../lib/messages';
import { useTranslationOffers } from '../api/get-offers';
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
export function TranslateButton({ type, id, title, sourceLanguage, size = 'sm', iconOnly = false, unavailable = false }: {
  type: 'document' | 'presentation' | 'video';
  id: number;
  title: string;
  sourceLanguage: string | null;
  size?: 'sm' | 'icon';
  iconOnly?: boolean;
  /** Shown but not usable (the item is being processed): it stays in place, so a focused button keeps the focus. */
  unavailable?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [lang, setLang] = useState('');
  const request = useRequestTranslation();
  const own = productLanguage(sourceLanguage);
  // Only the targets a provider serves from the item's language (English until it is known) are offered.
  const offers = useTranslationOffers(open);
  const from = own ?? 'english';
  const served = new Set((offers.data?.pairs ?? []).filter((p) => p.source === from).map((p) => p.target));
  const exclude = offers.data ? TRANSLATION_LANGUAGES.filter((l) => !served.has(l) || l === own) : own ? [own] : [];
  const hint = offers.data?.hint ? wordMessage(i18n.language, offers.data.hint, offers.data.hint.text) : null;
  const refused = request.error && isApiError(request.error) ? request.error : null;
  const refusal = refused ? wordError(i18n.language, refused) : null;
  const submit = () => {
    if (!lang) return;
    request.mutate({ type, id, targetLanguage: lang }, { onSuccess: () => { setOpen(false); setLang(''); } });
  };
  return (
    <>
      <Button
        variant={iconOnly ? 'ghost' : 'outline'}
        size={size}
        onClick={() => { if (!unavailable) setOpen(true); }}
        aria-disabled={unavailable || undefined}
        className={unavailable ? 'cursor-not-allowed opacity-50' : undefined}
        aria-label={t('translations.translateNamed', { title })}
        title={t('translations.translate')}
        data-testid="translate-button"
      >
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
          <LanguageSelect value={lang} onChange={(e) => setLang(e.target.value)} exclude={exclude} disabled={!!offers.data && served.size === 0} data-testid="translate-language" />
        </label>
        {offers.data && served.size === 0 ? <p className="text-sm" role="status" data-testid="translate-none">{t('translations.noPairs')}</p> : null}
        {hint ? <p className="text-sm text-muted-foreground" data-testid="translate-hint">{hint}</p> : null}
        {refusal ? <p className="text-sm text-destructive" role="alert" data-testid="translate-error">{refusal}</p> : null}
      </Dialog>
    </>
  );
}
