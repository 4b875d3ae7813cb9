import type { ProductDeps as Services } from './deps';
import { saveEditedTranscript, transcribeAgain, transcriptView } from '../features/content/transcript-edit';
import type { Product } from './types';
import type { Needs } from './guard';

/** The permission each operation here needs (core/product/guard.ts checks it on every call). */
export const transcriptNeeds = { transcript: 'read', transcribe: 'upload', saveTranscript: 'edit' } satisfies Needs;

/** A video's transcript: the view, "Transcribe again" and the transcript editor's save. */
export const transcript = (s: Services): Pick<Product, 'transcript' | 'transcribe' | 'saveTranscript'> => ({
  transcript: (id) => transcriptView(s, id),
  transcribe: (id, input) => transcribeAgain(s.content, s.transcribers, id, input),
  saveTranscript: (id, cues) => saveEditedTranscript(s.content, id, cues),
});
