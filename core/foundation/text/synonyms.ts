/**
 * Common English words that visitors and documents use for one thing
 * ("Where is it *placed*?" / "modified *position*", "the *price*" / "the
 * *cost*"). Each group lists plain base forms; the chat's term matching
 * (core/foundation/text/terms.ts) stems them, so inflected forms match too. Kept to
 * near-synonyms of everyday and business language: a word with a second
 * common meaning that is not the group's is left out ("guarantee" is also
 * a verb, "display" a screen, "finish" a coating, "store" saving data).
 */
const GROUPS = `
place position location | size dimension | cost price | buy purchase | begin start
use utilize | need require | fix repair | big large | small little | quick fast
error fault | picture image photo | movie video | choose select | allow permit | help assist
reply answer | maker manufacturer | modify change alter | delete remove | amount quantity
total sum | vendor supplier | client customer | employee staff | manual handbook
link hyperlink | label tag | heading title | car vehicle | speed velocity | phone telephone | email mail | engine motor
`;

import { stem } from './stem';

/** Each group's words by their English stem ("positions", "positioned" → "posit"). */
const BY_STEM = new Map<string, string[]>();
for (const group of GROUPS.trim().split(/\s*[|\n]\s*/)) {
  const words = group.split(/\s+/).filter(Boolean);
  for (const w of words) BY_STEM.set(stem(w, 'en'), words.filter((x) => x !== w));
}

/** The other words of the synonym group of an English word in any inflected form (empty when it has none). */
export function synonymsOf(word: string): readonly string[] {
  return BY_STEM.get(stem(word, 'en')) ?? [];
}
