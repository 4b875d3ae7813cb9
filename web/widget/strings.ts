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
  /** "These pages may help" under a reply that found no answer, and the note saying they are not an answer. */
  related: string;
  relatedHint: string;
  /** "p. 3", "slide 2" in a related passage's place. */
  page: string;
  slide: string;
  /** The form to pass a question on to a person. */
  handoff: { title: string; name: string; email: string; phone: string; consent: string; submit: string; sent: string; invalid: string };
}

const en: WidgetStrings = {
  title: 'Smart Home Assistant', open: 'Open chat', close: 'Close chat', online: 'Online',
  placeholder: 'Type your message…', send: 'Send', typing: 'The assistant is typing', download: 'Download',
  failure: "I'm having trouble answering right now. Please try again in a moment.", you: 'You', assistant: 'Assistant',
  helpful: 'Helpful', notHelpful: 'Not helpful', commentPlaceholder: 'What was missing? (optional)', sendComment: 'Send feedback',
  thanks: 'Thanks for your feedback',
  related: 'These pages may help', relatedHint: 'Not an answer: passages that share words with your question.', page: 'p.', slide: 'slide',
  handoff: {
    title: 'Pass my question to a person', name: 'Your name', email: 'E-mail', phone: 'Phone',
    consent: 'I agree to be contacted about this question, and to have this conversation kept with my request.',
    submit: 'Send to a person', sent: 'Thank you. A person from our team will get back to you.',
    invalid: 'Please give your name, an e-mail address or a phone number, and tick the consent box.',
  },
};

const he: WidgetStrings = {
  title: 'העוזר לבית החכם', open: 'פתיחת הצ׳אט', close: 'סגירת הצ׳אט', online: 'מחובר',
  placeholder: 'הקלידו הודעה…', send: 'שליחה', typing: 'העוזר מקליד', download: 'הורדה',
  failure: 'יש לי קושי לענות כרגע. נסו שוב בעוד רגע.', you: 'את/ה', assistant: 'העוזר',
  helpful: 'מועיל', notHelpful: 'לא מועיל', commentPlaceholder: 'מה היה חסר? (לא חובה)', sendComment: 'שליחת משוב',
  thanks: 'תודה על המשוב',
  related: 'ייתכן שהעמודים האלה יעזרו', relatedHint: 'זו אינה תשובה: קטעים שחולקים מילים עם השאלה שלך.', page: 'עמ׳', slide: 'שקף',
  handoff: {
    title: 'העברת השאלה לנציג', name: 'השם שלך', email: 'דוא״ל', phone: 'טלפון',
    consent: 'אני מסכים/ה שיפנו אליי בנוגע לשאלה הזו ושהשיחה תישמר עם הבקשה.',
    submit: 'שליחה לנציג', sent: 'תודה. נציג מהצוות שלנו יחזור אליך.',
    invalid: 'נא למלא שם, כתובת דוא״ל או מספר טלפון, ולסמן את תיבת ההסכמה.',
  },
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

/** Scripts that tell a text's language apart well enough for a greeting (the rest count as Latin-script languages). */
const SCRIPTS: Array<[RegExp, string[]]> = [
  [/[\u0590-\u05ff]/, ['he', 'yi']], [/[\u0600-\u06ff]/, ['ar', 'fa', 'ur']], [/[\u0400-\u04ff]/, ['ru', 'uk', 'bg']],
  [/[\u3040-\u30ff]/, ['ja']], [/[\u4e00-\u9fff]/, ['zh', 'ja']], [/[\uac00-\ud7af]/, ['ko']],
];

/**
 * Whether the admin's one greeting (Website widget settings) suits a visitor
 * of this language: written in the visitor's script (a Hebrew greeting for
 * Hebrew visitors, a Latin-script one for English or French visitors). When
 * it does not, the assistant greets in the visitor's language instead, so a
 * Hebrew visitor is never greeted in English.
 */
export function greetingSuits(greeting: string, lang: string): boolean {
  const script = SCRIPTS.find(([re]) => re.test(greeting));
  if (script) return script[1].includes(lang);
  return !SCRIPTS.some(([, langs]) => langs.includes(lang));
}
