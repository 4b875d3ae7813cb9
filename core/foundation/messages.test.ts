import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AppError } from './errors';
import { describe, failureOf, FAILURE_MESSAGES, message, MESSAGES, paramsOf, STEP_MESSAGES } from './messages';

test('describe fills every parameter of a step template', () => {
  assert.equal(describe('pptx_slide', { slide: 6, slides: 28 }), 'Reading slide 6 of 28');
  assert.equal(describe('indexing', { done: 256, total: 300 }), 'Indexing passages 256 of 300');
  assert.equal(describe('extracting'), 'Extracting text and images');
});

test('a missing parameter stays visible and an unknown code reads as itself', () => {
  assert.equal(describe('pdf_text', { page: 3 }), 'Reading text of page 3 of {pages}');
  assert.equal(describe('nothing_like_this'), 'nothing_like_this');
});

test('message carries the code, its parameters and the English text', () => {
  assert.deepEqual(message('pdf_ocr', { page: 4, done: 1, total: 2 }), {
    code: 'pdf_ocr', params: { page: 4, done: 1, total: 2 }, text: 'OCR of page 4 (1 of 2)',
  });
});

test('every code is a step, a failure or a namespaced notice, and failure texts are whole sentences', () => {
  for (const code of Object.keys(MESSAGES)) assert.match(code, /^([a-z_]+\.)?[a-z_]+$/);
  for (const code of Object.keys(STEP_MESSAGES)) assert.ok(!STEP_MESSAGES[code as keyof typeof STEP_MESSAGES].endsWith('.'), code);
  for (const [code, text] of Object.entries(FAILURE_MESSAGES)) assert.ok(text.endsWith('.'), code);
  assert.deepEqual(paramsOf('{file} is {what} of {file}'), ['file', 'what', 'file']);
});

test('a failure is coded by the reason in its details, then by its error code, keeping its own English message', () => {
  const encrypted = failureOf(new AppError('corrupt_file', 'The PDF "a.pdf" is password-protected.', { details: { reason: 'encrypted' } }), { file: 'a.pdf' });
  assert.deepEqual(encrypted, { code: 'failure.encrypted', params: { file: 'a.pdf' }, text: 'The PDF "a.pdf" is password-protected.' });
  assert.equal(failureOf(new AppError('corrupt_file', 'broken')).code, 'failure.damaged');
  assert.equal(failureOf(new AppError('unsupported_type', 'not a pdf')).code, 'failure.wrong_type');
  assert.equal(failureOf(new AppError('validation', 'x', { details: { reason: 'no_text' } })).code, 'failure.no_text');
  const tool = failureOf(new AppError('unavailable', 'soffice is not installed', { details: { reason: 'missing_tool', tool: 'soffice' } }), { file: 'd.pptx' });
  assert.deepEqual(tool.params, { file: 'd.pptx', tool: 'soffice' });
  assert.equal(failureOf(new Error('boom')).code, 'failure.internal');
});
