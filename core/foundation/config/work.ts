/** The work jobs do: the worker, speech to text, videos, translation, and the bounds of the external tools they run. */
import path from 'node:path';
import type { EnvReader } from './read';
import type { Config } from './types';

export function workerConfig({ str, int }: EnvReader): Config['worker'] {
  const ocr = str('OCR_LANGUAGES', 'eng+heb+fra')!.split(/[+,\s]+/).filter(Boolean);
  return { concurrency: int('WORKER_CONCURRENCY', 2, 0, 16), ocrLanguages: ocr, leaseMs: int('JOB_LEASE_SECONDS', 30, 2, 3600) * 1000 };
}

export function sttConfig({ str, int, url }: EnvReader): Config['stt'] {
  return { url: url('STT_URL'), apiKey: str('STT_API_KEY'), model: str('STT_MODEL'), timeoutMs: int('STT_TIMEOUT_MS', 600_000, 1000, 86_400_000),
    maxUploadMb: int('STT_MAX_UPLOAD_MB', 24, 1, 1000), retries: int('STT_RETRIES', 3, 0, 10) };
}

export function translationConfig({ int, bool }: EnvReader, dataDir: string): Config['translation'] {
  return {
    apertium: bool('TRANSLATION_APERTIUM', true),
    maxInputTokens: int('TRANSLATION_MAX_INPUT_TOKENS', 1500, 200, 50_000),
    memoryDir: path.join(dataDir, 'translation-memory'),
    glossaryFile: path.join(dataDir, 'glossary.json'),
  };
}

export function toolsConfig({ int, bool }: EnvReader): Config['tools'] {
  return {
    memoryBytes: int('TOOL_MEMORY_MB', 1024, 0, 1024 * 1024) * 1024 * 1024,
    diskBytes: int('TOOL_DISK_MB', 2048, 0, 1024 * 1024 * 1024) * 1024 * 1024,
    timeBaseMs: int('TOOL_TIME_BASE_S', 60, 1, 86_400) * 1000,
    timePerMiBMs: int('TOOL_TIME_PER_MB_S', 5, 0, 3600) * 1000,
    isolate: bool('TOOL_ISOLATION', true),
  };
}
