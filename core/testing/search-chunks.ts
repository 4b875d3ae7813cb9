/** Small multilingual chunks for search tests. */
import type { Chunk } from '../engines/search/types';

export function makeChunk(itemId: number, ordinal: number, text: string, extra: Partial<Chunk> = {}): Chunk {
  return {
    id: `document:${itemId}:${ordinal}`, itemType: 'document', itemId, title: `Doc ${itemId}`, text,
    page: ordinal + 1, slide: null, heading: null, language: 'en', imageIds: [], ordinal, ...extra,
  };
}

export const SAMPLE_CHUNKS: Chunk[] = [
  makeChunk(1, 0, 'To reset the motion sensor, hold the button for ten seconds until the light blinks blue.', { imageIds: [3, 4] }),
  makeChunk(1, 1, 'The thermostat learns your schedule within a week and lowers the heating at night.'),
  makeChunk(2, 0, 'כדי לאפס את חיישן התנועה, לחצו על הכפתור במשך עשר שניות עד שהנורית מהבהבת בכחול.', { language: 'he', title: 'מדריך' }),
  makeChunk(2, 1, 'התרמוסטט לומד את סדר היום שלכם תוך שבוע ומוריד את החימום בלילה.', { language: 'he', title: 'מדריך' }),
  makeChunk(3, 0, 'Pour réinitialiser le détecteur de mouvement, maintenez le bouton enfoncé pendant dix secondes.', { language: 'fr', itemType: 'presentation', id: 'presentation:3:0', slide: 1, page: null }),
];
