import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../../foundation/errors';
import { refusal } from '../../foundation/messages';
import type { Static } from 'typebox';
import type * as S from '../../foundation/schemas/index';

/**
 * The embeddable widget's settings the admin edits in the console: which
 * sites may embed it (besides WIDGET_ORIGINS from the environment) and the
 * brand's title, colour and greeting used when the script tag does not set
 * them. Kept as one JSON file in the data folder.
 */

export type WidgetSettings = Static<typeof S.WidgetSettings>;

export type WidgetSettingsView = Static<typeof S.WidgetSettingsView>;

export interface WidgetSettingsStore {
  get(): Promise<WidgetSettingsView>;
  update(patch: Partial<WidgetSettings>): Promise<WidgetSettingsView>;
  /** Every origin allowed to embed the widget ('*' allows any). */
  allowedOrigins(): Promise<string[]>;
}

/** The settings after `patch`, checked (AppError('validation') naming what is wrong). */
export function applyWidgetPatch(current: WidgetSettings, patch: Partial<WidgetSettings>): WidgetSettings {
  const next: WidgetSettings = {
    origins: patch.origins !== undefined ? [...new Set(patch.origins.filter((o) => o.trim()).map(normalizeOrigin))] : current.origins,
    title: patch.title !== undefined ? text(patch.title, 80, 'refusal.widget_title_long') : current.title,
    color: patch.color !== undefined ? text(patch.color, 7, 'refusal.widget_color_long') : current.color,
    greeting: patch.greeting !== undefined ? text(patch.greeting, 500, 'refusal.widget_greeting_long') : current.greeting,
  };
  if (next.color && !COLOR.test(next.color)) throw refusal('validation', 'refusal.widget_color', { value: next.color });
  return next;
}

/** Every origin allowed: the environment's and the console's (a pattern stored before patterns were refused is left out: it would be honoured by frame-ancestors only). */
export const allowed = (envOrigins: string[], current: WidgetSettings) =>
  [...new Set([...envOrigins, ...current.origins])].filter((o) => o === '*' || !o.includes('*'));

export const EMPTY_WIDGET_SETTINGS: WidgetSettings = { origins: [], title: null, color: null, greeting: null };

const EMPTY = EMPTY_WIDGET_SETTINGS;
export const COLOR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;

/** "https://www.brand.com/" -> "https://www.brand.com"; AppError('validation') for anything that is not an http(s) origin. */
export function normalizeOrigin(value: string): string {
  const v = value.trim();
  if (v === '*') return v;
  // Browsers match frame-ancestors patterns (https://*.brand.com) but CORS compares origins exactly: a pattern
  // would be honoured by one and not the other, so none is accepted.
  if (v.includes('*')) {
    throw refusal('validation', 'refusal.origin_pattern', { value: v });
  }
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw refusal('validation', 'refusal.origin_invalid', { value: v });
  }
  if (!/^https?:$/.test(u.protocol) || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash) {
    throw refusal('validation', 'refusal.origin_not_origin', { value: v });
  }
  return u.origin;
}

const text = (v: string | null | undefined, max: number, tooLong: 'refusal.widget_title_long' | 'refusal.widget_color_long' | 'refusal.widget_greeting_long'): string | null => {
  const t = v?.trim() ?? '';
  if (t.length > max) throw refusal('validation', tooLong, { max });
  return t || null;
};

export function createWidgetSettingsStore(options: { file: string; envOrigins: string[] }): WidgetSettingsStore {
  let current: WidgetSettings = { ...EMPTY };
  if (existsSync(options.file)) {
    try {
      current = { ...EMPTY, ...(JSON.parse(readFileSync(options.file, 'utf8')) as Partial<WidgetSettings>) };
    } catch (e) {
      throw new AppError('internal', `The widget settings file ${options.file} is damaged: ${(e as Error).message}`, { cause: e });
    }
  }
  const view = (): WidgetSettingsView => ({ ...current, origins: [...current.origins], envOrigins: [...options.envOrigins] });

  return {
    get: async () => view(),
    async update(patch) {
      const next = applyWidgetPatch(current, patch);
      mkdirSync(path.dirname(options.file), { recursive: true });
      const tmp = `${options.file}.tmp`;
      writeFileSync(tmp, JSON.stringify(next, null, 2));
      renameSync(tmp, options.file);
      current = next;
      return view();
    },
    allowedOrigins: async () => allowed(options.envOrigins, current),
  };
}
