/**
 * The fixed sentences both assistants say, in the languages visitors use
 * (English when a language is missing). Model-written answers do not use these.
 */

export interface Phrases {
  greeting: string;
  notFound: string;
  /** {langs}: names of the documents' languages. */
  crossLingualNeedsLlm: string;
  llmFallback: string;
  sources: string;
  page: string;
  slide: string;
  /** Label of a quote from an offline (pocketsphinx) video transcript. */
  lowConfidence: string;
  /** Label of a quoted sentence's rule-based (Apertium) translation shown beside it. */
  machineTranslation: string;
  kinds: { document: string; presentation: string; video: string };
  /** {kind} {title} */
  mediaFound: string;
  /** {language} */
  mediaTranslated: string;
  /** {kind} */
  mediaNotFound: string;
  /** {list} */
  mediaAvailable: string;
  /** {language} */
  mediaNoTranslation: string;
  /** Offered after "not found": pass the question on to a person. */
  handoffOffer: string;
  /** The reply when the visitor asks for a person. */
  handoffAsked: string;
  languages: Record<string, string>;
}

const en: Phrases = {
  greeting: "Hello! I'm the smart-home assistant. Ask me about our motorised shading and home-automation products, or ask for a brochure, presentation or video.",
  notFound: 'I could not find this in the uploaded documents.',
  handoffOffer: "I can pass your question on to a person who will get back to you: leave your name and an e-mail address or phone number below.", handoffAsked: "Of course. Leave your name and an e-mail address or phone number below and a person from our team will get back to you.",
  crossLingualNeedsLlm: 'The documents are in {langs}; searching across languages needs the language model, which is not configured.',
  llmFallback: 'The language model is unavailable right now, so here are the most relevant passages quoted from the documents:',
  sources: 'Sources', page: 'page', slide: 'slide', lowConfidence: 'automatic transcript, low confidence',
  machineTranslation: 'Machine translation',
  kinds: { document: 'document', presentation: 'presentation', video: 'video' },
  mediaFound: 'Here is the {kind} "{title}".',
  mediaTranslated: 'This is the {language} version.',
  mediaNotFound: 'I could not find a matching {kind}.',
  mediaAvailable: 'Available: {list}.',
  mediaNoTranslation: 'It is not available in {language}, so here is the original.',
  languages: { en: 'English', he: 'Hebrew', ar: 'Arabic', fr: 'French', es: 'Spanish', de: 'German', ru: 'Russian' },
};

const he: Phrases = {
  greeting: 'שלום! אני העוזר של הבית החכם. אפשר לשאול אותי על מוצרי ההצללה הממונעת והבית החכם שלנו, או לבקש חוברת, מצגת או סרטון.',
  notFound: 'לא מצאתי את המידע הזה במסמכים שהועלו.',
  handoffOffer: "אפשר להעביר את השאלה לנציג שיחזור אליך: השאר/י שם וכתובת דוא\"ל או מספר טלפון למטה.", handoffAsked: "בשמחה. השאר/י שם וכתובת דוא\"ל או מספר טלפון למטה ונציג מהצוות שלנו יחזור אליך.",
  crossLingualNeedsLlm: 'המסמכים כתובים ב{langs}; חיפוש בין שפות דורש מודל שפה, והוא לא מוגדר.',
  llmFallback: 'מודל השפה אינו זמין כרגע, ולכן אלה הקטעים הרלוונטיים ביותר מתוך המסמכים:',
  sources: 'מקורות', page: 'עמוד', slide: 'שקופית', lowConfidence: 'תמלול אוטומטי, ודאות נמוכה',
  machineTranslation: 'תרגום מכונה',
  kinds: { document: 'מסמך', presentation: 'מצגת', video: 'סרטון' },
  mediaFound: 'הנה ה{kind} "{title}".',
  mediaTranslated: 'זו הגרסה ב{language}.',
  mediaNotFound: 'לא מצאתי {kind} מתאים.',
  mediaAvailable: 'זמינים: {list}.',
  mediaNoTranslation: 'הוא אינו זמין ב{language}, אז הנה המקור.',
  languages: { en: 'אנגלית', he: 'עברית', ar: 'ערבית', fr: 'צרפתית', es: 'ספרדית', de: 'גרמנית', ru: 'רוסית' },
};

const ar: Phrases = {
  greeting: 'مرحبًا! أنا مساعد المنزل الذكي. اسألني عن منتجات التظليل الآلي وأتمتة المنزل، أو اطلب كتيبًا أو عرضًا تقديميًا أو فيديو.',
  notFound: 'لم أجد هذه المعلومات في المستندات المرفوعة.',
  handoffOffer: "يمكنني تحويل سؤالك إلى أحد موظفينا ليتواصل معك: اترك اسمك وبريدك الإلكتروني أو رقم هاتفك أدناه.", handoffAsked: "بكل سرور. اترك اسمك وبريدك الإلكتروني أو رقم هاتفك أدناه وسيتواصل معك أحد موظفينا.",
  crossLingualNeedsLlm: 'المستندات مكتوبة بـ{langs}؛ البحث بين اللغات يحتاج إلى نموذج لغوي غير مُعدّ.',
  llmFallback: 'النموذج اللغوي غير متاح الآن، لذلك هذه أكثر المقاطع صلة من المستندات:',
  sources: 'المصادر', page: 'صفحة', slide: 'شريحة', lowConfidence: 'نص تلقائي، ثقة منخفضة',
  machineTranslation: 'ترجمة آلية',
  kinds: { document: 'المستند', presentation: 'العرض التقديمي', video: 'الفيديو' },
  mediaFound: 'إليك {kind} "{title}".',
  mediaTranslated: 'هذه هي النسخة {language}.',
  mediaNotFound: 'لم أجد {kind} مطابقًا.',
  mediaAvailable: 'المتاح: {list}.',
  mediaNoTranslation: 'غير متاح بـ{language}، لذا إليك النسخة الأصلية.',
  languages: { en: 'الإنجليزية', he: 'العبرية', ar: 'العربية', fr: 'الفرنسية', es: 'الإسبانية', de: 'الألمانية', ru: 'الروسية' },
};

const fr: Phrases = {
  greeting: "Bonjour ! Je suis l'assistant maison connectée. Posez-moi vos questions sur nos stores motorisés et la domotique, ou demandez une brochure, une présentation ou une vidéo.",
  notFound: "Je n'ai pas trouvé cette information dans les documents.",
  handoffOffer: "Je peux transmettre votre question à une personne qui vous répondra : laissez votre nom et une adresse e-mail ou un numéro de téléphone ci-dessous.", handoffAsked: "Bien sûr. Laissez votre nom et une adresse e-mail ou un numéro de téléphone ci-dessous, et une personne de notre équipe vous répondra.",
  crossLingualNeedsLlm: "Les documents sont en {langs} ; la recherche entre langues nécessite le modèle de langue, qui n'est pas configuré.",
  llmFallback: "Le modèle de langue est indisponible pour le moment ; voici les passages les plus pertinents des documents :",
  sources: 'Sources', page: 'page', slide: 'diapositive', lowConfidence: 'transcription automatique, fiabilité faible',
  machineTranslation: 'Traduction automatique',
  kinds: { document: 'document', presentation: 'présentation', video: 'vidéo' },
  mediaFound: 'Voici : {kind} « {title} ».',
  mediaTranslated: 'Version en {language}.',
  mediaNotFound: "Je n'ai pas trouvé de {kind} correspondant.",
  mediaAvailable: 'Disponibles : {list}.',
  mediaNoTranslation: "Pas disponible en {language} ; voici l'original.",
  languages: { en: 'anglais', he: 'hébreu', ar: 'arabe', fr: 'français', es: 'espagnol', de: 'allemand', ru: 'russe' },
};

const es: Phrases = {
  greeting: '¡Hola! Soy el asistente del hogar inteligente. Pregúntame por nuestras cortinas motorizadas y la domótica, o pide un folleto, una presentación o un vídeo.',
  notFound: 'No encontré esta información en los documentos.',
  handoffOffer: "Puedo pasar su pregunta a una persona que le responderá: deje su nombre y un correo electrónico o teléfono abajo.", handoffAsked: "Por supuesto. Deje su nombre y un correo electrónico o teléfono abajo y una persona de nuestro equipo le responderá.",
  crossLingualNeedsLlm: 'Los documentos están en {langs}; buscar entre idiomas requiere el modelo de lenguaje, que no está configurado.',
  llmFallback: 'El modelo de lenguaje no está disponible ahora; estos son los pasajes más relevantes de los documentos:',
  sources: 'Fuentes', page: 'página', slide: 'diapositiva', lowConfidence: 'transcripción automática, baja fiabilidad',
  machineTranslation: 'Traducción automática',
  kinds: { document: 'documento', presentation: 'presentación', video: 'vídeo' },
  mediaFound: 'Aquí tienes: {kind} «{title}».',
  mediaTranslated: 'Es la versión en {language}.',
  mediaNotFound: 'No encontré ningún {kind} que coincida.',
  mediaAvailable: 'Disponibles: {list}.',
  mediaNoTranslation: 'No está disponible en {language}; aquí tienes el original.',
  languages: { en: 'inglés', he: 'hebreo', ar: 'árabe', fr: 'francés', es: 'español', de: 'alemán', ru: 'ruso' },
};

const de: Phrases = {
  greeting: 'Hallo! Ich bin der Smart-Home-Assistent. Fragen Sie mich zu motorisierten Beschattungen und Hausautomation, oder fordern Sie eine Broschüre, Präsentation oder ein Video an.',
  notFound: 'Diese Information habe ich in den Dokumenten nicht gefunden.',
  handoffOffer: "Ich kann Ihre Frage an eine Person weitergeben, die sich bei Ihnen meldet: Hinterlassen Sie unten Ihren Namen und eine E-Mail-Adresse oder Telefonnummer.", handoffAsked: "Gern. Hinterlassen Sie unten Ihren Namen und eine E-Mail-Adresse oder Telefonnummer, und jemand aus unserem Team meldet sich bei Ihnen.",
  crossLingualNeedsLlm: 'Die Dokumente sind auf {langs}; die sprachübergreifende Suche braucht das Sprachmodell, das nicht konfiguriert ist.',
  llmFallback: 'Das Sprachmodell ist gerade nicht verfügbar; hier die passendsten Stellen aus den Dokumenten:',
  sources: 'Quellen', page: 'Seite', slide: 'Folie', lowConfidence: 'automatisches Transkript, geringe Zuverlässigkeit',
  machineTranslation: 'Maschinelle Übersetzung',
  kinds: { document: 'Dokument', presentation: 'Präsentation', video: 'Video' },
  mediaFound: 'Hier ist: {kind} „{title}“.',
  mediaTranslated: 'Das ist die Fassung auf {language}.',
  mediaNotFound: 'Ich habe kein passendes {kind} gefunden.',
  mediaAvailable: 'Verfügbar: {list}.',
  mediaNoTranslation: 'Auf {language} nicht verfügbar; hier ist das Original.',
  languages: { en: 'Englisch', he: 'Hebräisch', ar: 'Arabisch', fr: 'Französisch', es: 'Spanisch', de: 'Deutsch', ru: 'Russisch' },
};

const ru: Phrases = {
  greeting: 'Здравствуйте! Я помощник умного дома. Спросите меня о моторизованных шторах и домашней автоматизации или попросите брошюру, презентацию или видео.',
  notFound: 'Я не нашёл этой информации в загруженных документах.',
  handoffOffer: "Я могу передать ваш вопрос сотруднику, который с вами свяжется: оставьте ниже имя и e-mail или телефон.", handoffAsked: "Конечно. Оставьте ниже имя и e-mail или телефон, и сотрудник нашей команды с вами свяжется.",
  crossLingualNeedsLlm: 'Документы написаны на языках: {langs}; поиск между языками требует языковой модели, а она не настроена.',
  llmFallback: 'Языковая модель сейчас недоступна, поэтому вот самые подходящие фрагменты документов:',
  sources: 'Источники', page: 'стр.', slide: 'слайд', lowConfidence: 'автоматическая расшифровка, низкая точность',
  machineTranslation: 'Машинный перевод',
  kinds: { document: 'документ', presentation: 'презентация', video: 'видео' },
  mediaFound: 'Вот {kind} «{title}».',
  mediaTranslated: 'Это версия на языке: {language}.',
  mediaNotFound: 'Не нашёл подходящий {kind}.',
  mediaAvailable: 'Доступно: {list}.',
  mediaNoTranslation: 'На языке «{language}» нет версии, вот оригинал.',
  languages: { en: 'английский', he: 'иврит', ar: 'арабский', fr: 'французский', es: 'испанский', de: 'немецкий', ru: 'русский' },
};

/** Portuguese and Italian: what the offline cross-language answers say (the rest in English until written). */
const pt: Phrases = {
  ...en,
  notFound: 'Não encontrei esta informação nos documentos.',
  crossLingualNeedsLlm: 'Os documentos estão em {langs}; pesquisar entre idiomas requer o modelo de linguagem, que não está configurado.',
  sources: 'Fontes', page: 'página', slide: 'diapositivo', machineTranslation: 'Tradução automática',
  languages: { en: 'inglês', he: 'hebraico', ar: 'árabe', fr: 'francês', es: 'espanhol', de: 'alemão', ru: 'russo', pt: 'português', it: 'italiano' },
};

const it: Phrases = {
  ...en,
  notFound: 'Non ho trovato questa informazione nei documenti.',
  crossLingualNeedsLlm: 'I documenti sono in {langs}; la ricerca tra lingue richiede il modello linguistico, che non è configurato.',
  sources: 'Fonti', page: 'pagina', slide: 'diapositiva', machineTranslation: 'Traduzione automatica',
  languages: { en: 'inglese', he: 'ebraico', ar: 'arabo', fr: 'francese', es: 'spagnolo', de: 'tedesco', ru: 'russo', pt: 'portoghese', it: 'italiano' },
};

const ALL: Record<string, Phrases> = { en, he, ar, fr, es, de, ru, pt, it };

/** The phrases for a language code, English when it has none. */
export function phrasesFor(lang: string): Phrases {
  return ALL[lang] ?? en;
}

/** Fills {name} placeholders. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

/** A language's name in the reader's language ("English", "אנגלית"), the code when unknown. */
export function languageNameIn(reader: string, code: string): string {
  return phrasesFor(reader).languages[code] ?? displayName(reader, code) ?? en.languages[code] ?? code;
}

/** A language's name in the reader's language from the runtime's locale data ("it" → "איטלקית"), or null. */
function displayName(reader: string, code: string): string | null {
  try {
    const name = new Intl.DisplayNames([reader, 'en'], { type: 'language', fallback: 'none' }).of(code);
    return name ?? null;
  } catch {
    return null;
  }
}
