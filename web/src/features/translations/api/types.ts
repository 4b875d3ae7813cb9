import type { TranslationRecord, TranslationRecordState, TranslationState } from '@core/foundation/types';

/** One row of GET /api/presentation-translations and /api/video-translations (docs/API.md). */
export interface TranslationRow {
  id: number;
  title: string;
  description: string;
  targetLanguage: string | null;
  state: TranslationState | TranslationRecordState;
  error: string | null;
  /** The translation record (presentation rows). */
  translation?: TranslationRecord;
}
