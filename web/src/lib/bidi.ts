/**
 * Bidirectional text for display: inside right-to-left text (Hebrew), each
 * embedded left-to-right run (English words, "AuraShade P2", "12.5 cm",
 * "2.4 GHz") is wrapped in Unicode isolates (U+2066 LRI .. U+2069 PDI), and
 * inside left-to-right text each right-to-left run in U+2067 RLI .. PDI, so
 * a run's punctuation stays with it and the sentence's own full stop stays
 * at the sentence's end ("...crown jewels." never ".crown jewels"). The
 * spaces around a run stay outside the isolates, as they were: nothing is
 * added or removed ("30 דקות" keeps its space).
 */
const RTL = '\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF';
const LTR = 'A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF';
/** A run of the other direction: starts and ends with a strong (or digit) character, may hold spaces, digits and inner punctuation. */
const LTR_RUN = new RegExp(`[${LTR}0-9][${LTR}0-9\\s.,:;/\\-+%'’()&@#_]*[${LTR}0-9%)]|[${LTR}]`, 'g');
const RTL_RUN = new RegExp(`[${RTL}][${RTL}0-9\\s.,:;/\\-+%'’"״׳()]*[${RTL}0-9]|[${RTL}]`, 'g');
const HAS_RTL = new RegExp(`[${RTL}]`);
const HAS_LTR = new RegExp(`[${LTR}]`);

export function isolateRuns(text: string, rtl: boolean): string {
  if (!text) return text;
  if (rtl) {
    if (!HAS_LTR.test(text)) return text;
    return text.replace(LTR_RUN, (run) => (/[A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF]/.test(run) ? `\u2066${run}\u2069` : run));
  }
  if (!HAS_RTL.test(text)) return text;
  return text.replace(RTL_RUN, (run) => `\u2067${run}\u2069`);
}
