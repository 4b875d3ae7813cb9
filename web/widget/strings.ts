/** The widget's own words, in the visitor's language (English for languages it does not carry). */
export interface WidgetStrings {
  title: string;
  open: string;
  close: string;
  online: string;
  placeholder: string;
  send: string;
  typing: string;
  download: string;
  failure: string;
  you: string;
  assistant: string;
  helpful: string;
  notHelpful: string;
  commentPlaceholder: string;
  sendComment: string;
  thanks: string;
}

const en: WidgetStrings = {
  title: 'Smart Home Assistant', open: 'Open chat', close: 'Close chat', online: 'Online',
  placeholder: 'Type your message…', send: 'Send', typing: 'The assistant is typing', download: 'Download',
  failure: "I'm having trouble answering right now. Please try again in a moment.", you: 'You', assistant: 'Assistant',
  helpful: 'Helpful', notHelpful: 'Not helpful', commentPlaceholder: 'What was missing? (optional)', sendComment: 'Send feedback',
  thanks: 'Thanks for your feedback',
};

const he: WidgetStrings = {
  title: 'העוזר לבית החכם', open: 'פתיחת הצ׳אט', close: 'סגירת הצ׳אט', online: 'מחובר',
  placeholder: 'הקלידו הודעה…', send: 'שליחה', typing: 'העוזר מקליד', download: 'הורדה',
  failure: 'יש לי קושי לענות כרגע. נסו שוב בעוד רגע.', you: 'את/ה', assistant: 'העוזר',
  helpful: 'מועיל', notHelpful: 'לא מועיל', commentPlaceholder: 'מה היה חסר? (לא חובה)', sendComment: 'שליחת משוב',
  thanks: 'תודה על המשוב',
};

/** A greeting in the visitor's language opens the session, so the assistant greets in it. */
const GREETINGS: Record<string, string> = { en: 'hello', he: 'שלום', ar: 'مرحبا', fr: 'bonjour', es: 'hola', de: 'hallo', ru: 'привет' };

const RTL = new Set(['he', 'ar', 'fa', 'ur', 'yi']);

/** "he-IL" -> "he"; empty -> "en". */
export const baseLanguage = (tag: string | null | undefined): string => (tag || 'en').trim().toLowerCase().split(/[-_]/)[0] || 'en';
export const isRtl = (lang: string) => RTL.has(lang);
export const stringsFor = (lang: string): WidgetStrings => (lang === 'he' ? he : en);
export const greetingFor = (lang: string): string => GREETINGS[lang] ?? 'hello';
/** Right-to-left script in a text (Hebrew, Arabic), to set the bubble's direction. */
export const hasRtlText = (text: string) => /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/.test(text);
