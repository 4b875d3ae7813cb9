import { forwardRef, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@core/foundation/types';
import { Select } from './ui/input';

/** The 17 translation target languages of spec section 9, optionally without some. */
export const LanguageSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & { exclude?: readonly TranslationLanguage[] }>(
  function LanguageSelect({ exclude = [], ...props }, ref) {
    const { t } = useTranslation();
    return (
      <Select ref={ref} {...props}>
        <option value="">{t('upload.selectLanguage')}</option>
        {TRANSLATION_LANGUAGES.filter((l) => !exclude.includes(l)).map((l) => (
          <option key={l} value={l}>
            {t(`languages.${l}`)}
          </option>
        ))}
      </Select>
    );
  },
);
