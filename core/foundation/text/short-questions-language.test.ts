/**
 * Language detection of short questions: "Snorkelwax installer rebate" is
 * English, not Turkish (its "-ler" alone is no sign of Turkish: ASCII-only
 * letter sequences count only next to function words), while short real
 * Turkish and Spanish questions are still told apart by their own letters
 * and words.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectLanguage } from './language';

describe('language detection of short questions', () => {
  it('"Snorkelwax installer rebate" and other short English questions with -ler/-sta/-lla words are English', () => {
    for (const q of ['Snorkelwax installer rebate', 'Snorkelwax installer rebate?', 'installer rebate form', 'Roller blind controller', 'Where is the controller manual?', 'Vista gorilla costa', 'AuraShade motor warranty']) {
      assert.equal(detectLanguage(q), 'en', q);
    }
  });

  it('short Turkish and Spanish questions are still detected', () => {
    for (const q of ['Kurulum ücreti ne kadar?', 'Garanti süresi kaç yıl?', 'Uzaktan kumanda nasıl eşleştirilir?', 'Motorlu perdeler için garanti var mı?']) assert.equal(detectLanguage(q), 'tr', q);
    for (const q of ['¿Cuánto cuesta la instalación?', '¿Dónde está el manual del motor?', '¿Cómo se empareja el mando?']) assert.equal(detectLanguage(q), 'es', q);
  });
});
