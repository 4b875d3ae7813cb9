/**
 * The catalogue of texts the server shows about work on an item: job steps
 * and failure reasons. Core records a code with parameters next to the
 * English text, so each edge words it in its user's language: the CLI prints
 * the English text, the web console has a template per code in each locale
 * (web/src/locales) and falls back to the English text for codes it does not
 * know.
 *
 *   r.step('extracting', 5, message('extracting'));
 *   // { code: 'extracting', params: {}, text: 'Extracting text and images' }
 *   describe('pptx_slide', { slide: 6, slides: 28 }); // 'Reading slide 6 of 28'
 *
 * Step codes are the job steps' codes (plain words); failure codes start with
 * `failure.`. Templates name their parameters in braces: `{slide}`.
 */
import { AppError, isAppError, type ErrorCode } from './errors';

import type { Coded, MessageParams } from './types';

export type { Coded, MessageParams };

/** A code, its parameters and the English text (the shape of a job step). */
export interface Message extends Coded {
  text: string;
}

export const STEP_MESSAGES = {
  'queued': 'Queued',
  'queued_again': 'Queued again',
  'reading_file': 'Reading the uploaded file',
  'extracting': 'Extracting text and images',
  /** Free text: an extractor's English label without a code (worded as is in every language). */
  'extracting_detail': '{label}',
  'pdf_text': 'Reading text of page {page} of {pages}',
  'pdf_image_text': 'Reading text in images',
  'pdf_ocr': 'OCR of page {page} ({done} of {total})',
  'docx_reading': 'Reading the document',
  'docx_structuring': 'Structuring text',
  'pptx_slide': 'Reading slide {slide} of {slides}',
  'pptx_thumbnails': 'Rendering slide thumbnails',
  'video_reading': 'Reading the video',
  'video_thumbnail': 'Making a thumbnail',
  'extracted': 'Done',
  'storing_images': 'Storing images',
  'splitting': 'Splitting into passages',
  'indexing': 'Indexing passages {done} of {total}',
  'completed': 'Completed',
  'completed_with_warnings': 'Completed with warnings: {warnings}',
  'failed': 'Failed',
  /** A video whose transcription failed: it needs attention (Retry re-runs the transcription). */
  'transcribe_failed': 'Transcription failed',
  /** A video whose translated version (subtitles, burning or dubbing) failed: it needs attention (Retry re-runs that translation). */
  'translate_failed': 'The {language} version failed',
  /** A video's translated version: burning the subtitles into the picture, dubbing, writing the file. */
  'video_burning': 'Burning the {language} subtitles into the picture',
  'video_dubbing': 'Dubbing into {language}',
  'video_writing': 'Writing the video with {language} subtitles',
  /** A video's transcription (the `transcribe` job) and its processing stages. */
  'video_sound': 'Extracting the sound',
  'video_transcribing': 'Transcribing the speech',
  'video_transcribing_progress': 'Transcribing: {percent}% of the sound',
  'video_frames': 'Taking frames at the transcript times',
  'video_storing': 'Storing frames and indexing the transcript',
  'video_translating': 'Translating the subtitles into {language}',
  /** The `translate` job's steps (documents, presentations and videos). */
  'translate_reading': 'Reading the original for the {language} translation',
  'translate_segments': 'Translating into {language}: {done} of {total} segments',
  'translate_storing': 'Storing the {language} translation',
  'translate_indexing': 'Indexing the {language} translation',
  /** Free text: what a translate or transcribe job is doing, in English. */
  'working': '{label}',
  /** Free text: what a video's transcription is doing, in English. */
  'transcribing': '{label}',
} as const;

export const FAILURE_MESSAGES = {
  'failure.no_text': 'No text was found in {file} (not even with OCR), so there is nothing to search.',
  'failure.empty': '{file} is empty.',
  'failure.encrypted': '{file} is password-protected. Remove the password and upload it again.',
  'failure.damaged': '{file} is damaged and cannot be read.',
  'failure.truncated': '{file} is incomplete: it stops before the end. Upload the full file again.',
  'failure.unreadable': '{file} cannot be read.',
  'failure.zip_bomb': '{file} was rejected as a possible zip bomb.',
  'failure.wrong_type': '{file} is not a file of the accepted type.',
  'failure.missing_tool': 'A tool needed to read the file ({tool}) is not installed.',
  'failure.timeout': 'Reading {file} took too long and was stopped.',
  'failure.unavailable': 'A service needed to process {file} is unavailable. Try again later.',
  'failure.cancelled': 'Processing of {file} was cancelled.',
  'failure.internal': 'Processing {file} failed because of an internal error.',
  'failure.drm': '{file} is DRM-protected: its picture and sound cannot be read without the key. Upload an unprotected copy.',
  'failure.no_media': '{file} holds no pictures and no sound: its tracks are empty.',
  'failure.unsupported_codec': '{file} uses a format this server cannot decode: convert it to MP4 with H.264 video and AAC sound and upload it again.',
  'failure.transcription': 'The speech-to-text service could not transcribe {file}. Retry once it answers again.',
  'failure.translation': 'The {language} version could not be made. Retry it once the cause is fixed.',
} as const;

/** What the translation offer and a refused request say (core/features/translate/offers.ts). */
export const TRANSLATION_MESSAGES = {
  'translation.no_provider': 'No translation provider for {source} → {target}. Add a model: set ANTHROPIC_API_KEY, or set LLM_PROVIDER=openai with OPENAI_BASE_URL and OPENAI_MODEL (and OPENAI_API_KEY if the server needs one).',
  'translation.add_provider': 'Only the language pairs of the offline machine translator are offered. To translate into every language, add a model: set ANTHROPIC_API_KEY, or set LLM_PROVIDER=openai with OPENAI_BASE_URL and OPENAI_MODEL.',
} as const;

/** Notes shown on video transcripts and the translations made from them. */
export const NOTE_MESSAGES = {
  'note.translated_from_low_confidence': 'translated from a low-confidence offline transcript (pocketsphinx)',
  'note.transcript_low_confidence': 'Transcribed offline by pocketsphinx: expect many wrong words (low confidence). Configure STT_URL for an accurate transcript.',
  'note.nothing_searchable_pdf': 'Nothing in this file is searchable: this PDF has no text that could be read, not even with OCR (only pictures or drawings). It is stored and can be viewed, downloaded and handed out.',
  'note.nothing_searchable_docx': 'Nothing in this file is searchable: this document has no text, only pictures. It is stored and can be viewed, downloaded and handed out.',
  'note.nothing_searchable_pptx': 'Nothing in this file is searchable: the slides have no text, only pictures or shapes. It is stored and can be viewed, downloaded and handed out.',
  'note.nothing_searchable_markdown': 'this Markdown file has no text',
  'note.nothing_searchable_html': 'Nothing in this page is searchable: it is mostly navigation (menus and links) or has no text of its own.',
  'note.no_speech_declared': 'No transcript: the upload says the video has no speech.',
  'note.no_sound_track': 'No transcript: the video has no sound track it can decode.',
  'note.no_transcriber': 'No transcript: No transcriber is configured for {language} (configured: {configured}): set STT_URL to an OpenAI-compatible speech-to-text endpoint to transcribe it.',
  'note.no_transcriber_at_all': 'No transcript: No transcriber is configured for {language}: set STT_URL to an OpenAI-compatible speech-to-text endpoint to transcribe it.',
  'note.no_speech': 'No transcript: no speech was found in the sound track (silence, music or noise only).',
  'note.unsure_words': 'No transcript: {provider} heard only words it was unsure of (below {floor} confidence).',
  'note.no_words': 'No transcript: {provider} recognised no words in the sound track.',
} as const;

/** Why a page or slide of a translated file differs from the original (a translation's warnings). */
export const WARNING_MESSAGES = {
  'warning.ocr_limit': 'scanned page not read: the OCR page limit was reached',
  'warning.hidden_text_layer': 'an invisible text layer (OCR over a scan): its translation is drawn on a box over the scanned words',
  'warning.rotated_page': 'page is rotated {degrees}°: its translated text was placed upright',
  'warning.block_overflow': 'a text block did not fit its place even at {size} pt and runs past its box',
  'warning.layout_outside': 'text lies outside the page or outside its place in the original',
  'warning.layout_over_text': 'lines of text are drawn over other lines',
  'warning.layout_over_rules': 'rules or table lines run through the text',
  'warning.layout_split': 'words are split across lines or drawn letter by letter',
  'warning.layout_turned': 'text is turned or mirrored unlike the original',
  'warning.layout_lost_ink': 'rules or boxes of the original are missing',
  'warning.slanted_text_kept': 'slanted text (a watermark) was kept as it was, untranslated',
  'warning.layout_unchecked': 'the layout was not checked: LibreOffice could not render the file',
  'warning.xfa_dropped': 'the XFA form (which Acrobat shows instead of the pages) was removed, so readers see the translated pages; the fillable fields are kept',
  'warning.signature_removed': 'the digital signature does not carry over: this translated copy is unsigned',
  'warning.table_scaled': 'table text scaled to {percent}% to fit',
  'warning.text_scaled': 'text scaled to {percent}% to fit its box',
  'warning.glossary_missing': 'glossary term(s) {terms} missing from the translation',
  'warning.hebrew_voice': 'the Hebrew synthetic voice (espeak-ng) is hard to understand',
} as const;

/**
 * What reading a file left out or could not do (an ingest job that completed with warnings). A tool's own
 * English error is kept in the message's text for API clients and the CLI; the template says what it means.
 */
export const EXTRACTION_WARNING_MESSAGES = {
  'warning.word_import': 'Word reported a problem while reading the document',
  'warning.images_unsupported': '{count} image(s) in a format browsers cannot show (EMF, WMF, TIFF, ...) were skipped.',
  'warning.image_text_time': 'Text in {count} image(s) was not read for lack of time.',
  'warning.images_limit': 'Only the first {max} of {total} images were kept.',
  'warning.images_failed': 'Images could not be extracted.',
  'warning.page_unreadable': 'Page {page} could not be read; trying OCR.',
  'warning.text_layer_page': 'The text layer of page {page} is partly unreadable (a font without a character map) and OCR could not read it better; unreadable characters were left out.',
  'warning.text_layer_pages': 'The text layer of {count} pages is partly unreadable (a font without a character map) and OCR could not read it better; unreadable characters were left out.',
  'warning.image_text_no_ocr': 'Text in images was not read: tesseract is not installed.',
  'warning.pages_no_ocr': '{count} page(s) have no text layer and were not read: tesseract is not installed.',
  'warning.ocr_languages_missing': 'OCR languages not installed: {languages}.',
  'warning.ocr_pages_limit': '{count} pages have no text layer; only the first {max} were read with OCR.',
  'warning.ocr_unavailable': 'Pages without a text layer were not read: the OCR tool could not run.',
  'warning.ocr_page_failed': 'OCR of page {page} failed.',
  'warning.ocr_script_not_configured': 'The scanned pages are written in {script} script (likely {language}), which the OCR languages ({configured}) do not read, so no text was found: add {code} to OCR_LANGUAGES (and install its tesseract model), then retry the file.',
  'warning.nothing_indexed': 'Nothing was indexed (0 chunks): the assistants cannot find or quote this file; its note says why.',
  'warning.slides_missing': '{count} slide(s) listed in the presentation are missing from the file.',
  'warning.media_skipped': '{count} embedded video or audio clip(s) were not extracted.',
  'warning.slide_thumbnails_failed': 'Slide thumbnails could not be made.',
  'warning.video_length_unknown': 'The video length could not be read.',
  'warning.video_no_sound': 'The video has no sound track, so there is no speech to transcribe.',
  'warning.video_picture_codec': 'The picture uses a format this server cannot decode ({codec}), so no thumbnail was made. Convert it to MP4 with H.264 video and AAC-LC sound and upload it again.',
  'warning.video_sound_codec': 'The sound uses a format this server cannot decode ({codec}). Convert it to MP4 with H.264 video and AAC-LC sound and upload it again.',
  'warning.sound_only': 'The file has sound only: no thumbnail was made.',
  'warning.thumbnail_failed': 'No thumbnail could be made.',
  /** A translation whose pages or slides were laid out differently from the original (core/features/translate/job.ts). */
  'warning.pages_laid_out': 'pages {pages} laid out differently',
  'warning.slides_laid_out': 'slides {slides} laid out differently',
} as const;

/** Why a request was refused, where the console shows the reason (made with `refusal`). `{value}` is what the user typed, `{language}` a product language name. */
export const REFUSAL_MESSAGES = {
  'refusal.widget_color': 'The colour must look like #0f766e (got "{value}")',
  'refusal.origin_pattern': '"{value}": patterns are not supported; list each site (https://www.example.com, https://shop.example.com), or * alone for any site',
  'refusal.origin_invalid': '"{value}" is not a site address like https://www.example.com',
  'refusal.origin_not_origin': '"{value}" must be a site origin only (scheme, host and port), like https://www.example.com',
  'refusal.widget_title_long': 'The title must be at most {max} characters',
  'refusal.widget_color_long': 'The colour must be at most {max} characters',
  'refusal.widget_greeting_long': 'The greeting must be at most {max} characters',
  'refusal.translation_same_language': 'This item is already in {language}; choose another target language.',
  'refusal.translation_item_failed': 'This item could not be processed; retry it before translating it.',
  /** An upload: the request, the file and its fields (server/multipart.ts, core/features/content). `{formats}` are format names (PDF, DOCX). */
  'refusal.file_missing': 'Please select a file',
  'refusal.not_multipart': 'This endpoint expects a multipart/form-data upload with a file',
  'refusal.one_file': 'Send one file per upload: this request has more than one file',
  'refusal.request_too_large': 'The request is larger than the configured limit',
  'refusal.file_too_large': 'The file "{file}" is larger than the {limit} upload limit',
  'refusal.file_empty': 'The file "{file}" is empty',
  'refusal.upload_stalled': 'The upload stopped arriving for {seconds} s and was cancelled. Check the connection and send the file again.',
  'refusal.file_wrong_type': 'The file "{file}" is not of the accepted type ({formats})',
  'refusal.file_not_accepted': 'The file "{file}" is not a {formats} or image file',
  'refusal.file_zip_damaged': 'The file "{file}" is damaged: its ZIP structure is incomplete (it may have been cut off during upload). Upload the full file again.',
  'refusal.file_duplicate': 'This file was already imported as "{title}" (id {id}).',
  'refusal.video_too_long': 'This video is {minutes} min long; videos up to {max} min are processed here. Split it into parts, or raise VIDEO_MAX_MINUTES.',
  'refusal.title_required': 'Title is required',
  'refusal.title_long': 'Title must be at most {max} characters',
  'refusal.label_long': 'Label must be at most {max} characters',
  'refusal.description_long': 'Description must be at most {max} characters',
  'refusal.type_long': 'Type must be at most {max} characters',
  'refusal.category_long': 'Category must be at most {max} characters',
  'refusal.source_language_long': 'Source language must be at most {max} characters',
  'refusal.category_id_invalid': 'categoryId must be a positive whole number (got "{value}")',
  'refusal.target_language_unknown': 'Unknown target language "{value}"',
  'refusal.target_language_required': 'Please select a target language for translation',
  'refusal.subcategory_unknown': 'Unknown video subcategory "{value}"',
  'refusal.spoken_language_unknown': 'Unknown spoken language "{value}"',
  'refusal.audience_unknown': 'audience must be public or staff, not "{value}"',
  'refusal.valid_until_invalid': 'validUntil must be a date like 2027-01-31 (or a date and time), not "{value}"',
  'refusal.subtitles_invalid': 'subtitles must be "soft" or "burned" (got "{value}").',
  'refusal.dub_invalid': 'dub must be true or false (got "{value}").',
  /** Categories (core/features/content/categories.ts). */
  'refusal.category_name_required': 'Category name is required',
  'refusal.category_name_long': 'Category name must be at most {max} characters',
  'refusal.category_name_taken': 'A category named "{name}" already exists. Choose another name.',
  /** Retrying work that has not failed (core/features/content/retry.ts, translations.ts). `{status}` is an item status, worded by the console. */
  'refusal.retry_not_failed': 'This item is {status}; only failed items can be retried',
  'refusal.retry_permanent': 'Retrying cannot help: {reason} Upload a fixed file instead.',
  'refusal.retry_translation_not_failed': 'This translation has not failed; only failed translations can be retried.',
  /** A version to restore that is live already (core/features/governance/versions.ts). */
  'refusal.version_live': 'Version {version} is the live one already',
  /** Accounts and API tokens (core/features/governance/accounts.ts). */
  'refusal.username_invalid': 'The user name must be 2 to 80 letters, digits or . _ @ -',
  'refusal.username_taken': 'There is already a user "{name}"',
  'refusal.password_short': 'The password must be at least {min} characters',
  'refusal.password_long': 'The password must be at most {max} characters',
  'refusal.token_name_invalid': 'The token needs a name of 1 to {max} characters',
  /** A video's transcript: transcribing it again, saving edited cues (core/features/video/transcript-edit.ts). */
  'refusal.video_busy': 'This video is being processed; transcribe it again once it is done.',
  'refusal.stt_endpoint_missing': 'No speech-to-text endpoint is configured: set STT_URL to an OpenAI-compatible /v1/audio/transcriptions endpoint.',
  'refusal.offline_english_only': 'The offline transcriber only knows English; choose the endpoint for {language}.',
  'refusal.transcript_missing': 'This video has no transcript to edit yet: transcribe it first.',
  'refusal.cues_missing': 'Send the transcript as a list of cues, each with start, end and text.',
  'refusal.cue_times_invalid': 'Cue {cue}: start and end must be seconds from the start of the video.',
  'refusal.cue_text_missing': 'Cue {cue}: the text is missing.',
  'refusal.cue_after_end': 'Cue {cue} starts after the end of the video ({seconds} s).',
  'refusal.cues_invalid': 'The transcript cannot be saved: some cues overlap, are out of order or are empty.',
  /** Any request: its form (server/errors.ts: a route's schema, the body's JSON, its content type), a route or record that is not there, the chat's pace. The English text of a schema's refusal says which rule failed. */
  'refusal.field_invalid': 'Invalid {field}',
  'refusal.request_invalid': 'The request is not valid',
  'refusal.json_invalid': 'The request body is not valid JSON',
  'refusal.content_type_unsupported': 'Unsupported request content type "{type}"',
  'refusal.no_route': 'No route {method} {path}',
  'refusal.not_found': 'Record {id} was not found',
  'refusal.chat_rate_limited': 'Too many messages. Please wait {seconds} s and try again.',
} as const;

export const MESSAGES = { ...STEP_MESSAGES, ...FAILURE_MESSAGES, ...TRANSLATION_MESSAGES, ...NOTE_MESSAGES, ...WARNING_MESSAGES, ...EXTRACTION_WARNING_MESSAGES, ...REFUSAL_MESSAGES } as const;
export type StepCode = keyof typeof STEP_MESSAGES;
export type FailureCode = keyof typeof FAILURE_MESSAGES;
export type MessageCode = keyof typeof MESSAGES;

/** Steps whose text is free English text (`{label}`): no template in other languages, they show the text. */
export const FREE_TEXT_CODES: readonly string[] = ['extracting_detail', 'working', 'transcribing'];

/** The codes worded by a template (every code but the free-text ones): the English wording the console falls back on. */
export const TEMPLATED_MESSAGES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(MESSAGES).filter(([code]) => !FREE_TEXT_CODES.includes(code)),
);

export const isMessageCode = (code: string): code is MessageCode => Object.hasOwn(MESSAGES, code);

/** The names in braces of a template, in order: `paramsOf('{a} of {b}')` is ['a', 'b']. */
export const paramsOf = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** A translation warning about one page or slide (null: the whole file): its English text and its code with parameters. */
export function warningOf(unit: number | null, code: keyof typeof WARNING_MESSAGES, params: MessageParams = {}): { unit: number | null; message: string; code: Coded } {
  return { unit, message: describe(code, params), code: { code, params } };
}

/** Fills a template; a parameter that was not given stays visible as `{name}`. */
export function fill(template: string, params: MessageParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/** The English text of a code with its parameters (an unknown code reads as itself). */
export function describe(code: string, params: MessageParams = {}): string {
  return isMessageCode(code) ? fill(MESSAGES[code], params) : code;
}

/** A code with parameters and its English text (`text` given: an English text that says more than the template, e.g. a tool's error). */
export function message(code: MessageCode, params: MessageParams = {}, text?: string): Message {
  return { code, params, text: text ?? describe(code, params) };
}

/**
 * A refused request as an AppError: its message is the English text (API clients, the CLI) and the code with
 * parameters travels in its details (the error body's `coded`, worded by the console in its language).
 */
export function refusal(errorCode: ErrorCode, code: keyof typeof REFUSAL_MESSAGES, params: MessageParams = {}, text?: string, details: Record<string, unknown> = {}): AppError {
  return new AppError(errorCode, text ?? describe(code, params), { details: { ...details, message: { code, params } } });
}

export type RefusalCode = keyof typeof REFUSAL_MESSAGES;

/** Why a failure happened, by the `reason` an AppError carries in its details. */
const BY_REASON: Record<string, FailureCode> = {
  no_text: 'failure.no_text',
  empty: 'failure.empty',
  encrypted: 'failure.encrypted',
  damaged: 'failure.damaged',
  truncated: 'failure.truncated',
  zip_bomb: 'failure.zip_bomb',
  missing_tool: 'failure.missing_tool',
  timeout: 'failure.timeout',
  drm: 'failure.drm',
  no_media: 'failure.no_media',
  no_streams: 'failure.no_media',
  codec: 'failure.unsupported_codec',
  stt_refused: 'failure.transcription',
  stt_down: 'failure.transcription',
  stt_timeout: 'failure.transcription',
  stt_garbage: 'failure.transcription',
};

/** Otherwise by its error code. */
const BY_ERROR: Partial<Record<ErrorCode, FailureCode>> = {
  corrupt_file: 'failure.damaged',
  unsupported_type: 'failure.wrong_type',
  validation: 'failure.unreadable',
  unavailable: 'failure.unavailable',
  not_configured: 'failure.unavailable',
  conflict: 'failure.cancelled',
};

/**
 * The failure reason of an ingest error as a code with parameters, keeping the
 * error's own English message as the text (it says more than the template).
 * `params` are what the caller knows (the file name); the error's details add theirs.
 */
export function failureOf(error: AppError | Error, params: MessageParams = {}): Message {
  const details = isAppError(error) ? (error.details ?? {}) : {};
  const reason = typeof details.reason === 'string' ? details.reason : '';
  const code: FailureCode = BY_REASON[reason] ?? (isAppError(error) ? BY_ERROR[error.code] : undefined) ?? 'failure.internal';
  const all: MessageParams = { ...params };
  for (const key of ['file', 'tool'] as const) if (typeof details[key] === 'string') all[key] = details[key];
  return { code, params: all, text: error.message };
}

/** Failures no retry can mend (the file itself must change): Retry is not offered for them. */
export const PERMANENT_FAILURES: readonly FailureCode[] = ['failure.drm', 'failure.no_media', 'failure.unsupported_codec'];
export const isPermanentFailure = (c: { code: string } | null | undefined): boolean => !!c && (PERMANENT_FAILURES as readonly string[]).includes(c.code);

/** The code an error carries for its message (`details.message`, set where it is thrown), if any. */
export function codedOf(error: unknown): Coded | null {
  const details = isAppError(error) ? error.details : undefined;
  const c = details?.message as Coded | undefined;
  return c && typeof c.code === 'string' ? { code: c.code, params: c.params ?? {} } : null;
}
