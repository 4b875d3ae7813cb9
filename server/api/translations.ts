import { Type as T } from 'typebox';
import * as S from '../../core/foundation/schemas/index';
import { Empty, IdParams } from '../routes/schemas';
import { body, fields, fixed, param, query, routes, type ApiRoute } from './declare';

/** Translation requests on documents, presentations and videos, the translation records, and the glossary. */

const tag = 'translations';
const ListQuery = T.Object({ itemType: T.Optional(S.ContentType), itemId: T.Optional(T.Integer({ minimum: 1 })) });
const TermParams = T.Object({ term: T.String({ minLength: 1, maxLength: 200 }) });
const KINDS = [['documents', 'document'], ['presentations', 'presentation'], ['videos', 'video']] as const;

export const TRANSLATIONS = routes(
  ...KINDS.flatMap(([path, type]): ApiRoute[] => [
    {
      tag, call: 'translate', method: 'POST', url: `/api/${path}/:id/translations`, summary: `Request a translation of a ${type} into a language (a job)`,
      args: [fixed(type), param('id'), body('targetLanguage'), fields({ subtitles: body('subtitles'), dub: body('dub') })],
      params: IdParams, body: S.TranslationRequest, status: 202, response: S.TranslationRecord,
    },
    {
      tag, call: 'translationList', method: 'GET', url: `/api/${path}/:id/translations`, summary: `Translations of a ${type}`,
      args: [fields({ itemType: fixed(type), itemId: param('id') })], params: IdParams, response: T.Array(S.TranslationRecord),
    },
  ]),
  {
    tag, call: 'translationOffers', method: 'GET', url: '/api/translation-offers', summary: 'Translation providers offered and the language pairs each serves',
    args: [], response: S.TranslationOffers,
  },
  { tag, call: 'translationList', method: 'GET', url: '/api/translations', summary: 'Translation records, optionally of one item', args: [query()], query: ListQuery, response: T.Array(S.TranslationRecord) },
  { tag, call: 'translation', method: 'GET', url: '/api/translations/:id', summary: 'One translation record', args: [param('id')], params: IdParams, response: S.TranslationRecord },
  { tag, call: 'retryTranslation', method: 'POST', url: '/api/translations/:id/retry', summary: 'Retry a failed translation', args: [param('id')], params: IdParams, response: S.TranslationRecord },
  { tag, call: 'removeTranslation', method: 'DELETE', url: '/api/translations/:id', summary: 'Delete a translation and its file', args: [param('id')], params: IdParams, status: 204, response: Empty },
  { tag, call: 'glossary', method: 'GET', url: '/api/glossary', summary: 'The translation glossary', args: [], response: S.Glossary },
  { tag, call: 'putGlossaryTerm', method: 'POST', url: '/api/glossary/terms', summary: 'Add or replace a glossary term', args: [body()], body: S.GlossaryTerm, response: S.Glossary },
  { tag, call: 'removeGlossaryTerm', method: 'DELETE', url: '/api/glossary/terms/:term', summary: 'Remove a glossary term', args: [param('term')], params: TermParams, response: S.Glossary },
  {
    tag, call: 'rememberTranslations', method: 'POST', url: '/api/translation-memory',
    summary: 'Save known translations of segments into the translation memory (used by the next translation of that text)',
    args: [body()], body: S.MemoryInput, response: S.MemoryStored,
  },
);
