/** Where objects and records are kept: the local data folder or S3 (S3_*), and PostgreSQL (DATABASE_URL). */
import path from 'node:path';
import type { EnvReader } from './read';
import type { Config } from './types';

export function storageConfig({ str, url, bool, problems }: EnvReader, dataDir: string): Config['storage'] {
  const s3Bucket = str('S3_BUCKET');
  const s3Endpoint = url('S3_ENDPOINT');
  if (!s3Bucket && !s3Endpoint) return { kind: 'local', root: path.join(dataDir, 'objects') };
  if (!s3Bucket) problems.push('S3_BUCKET is required when S3_ENDPOINT is set');
  const accessKeyId = str('S3_ACCESS_KEY_ID', str('AWS_ACCESS_KEY_ID'));
  const secretAccessKey = str('S3_SECRET_ACCESS_KEY', str('AWS_SECRET_ACCESS_KEY'));
  if (!accessKeyId || !secretAccessKey) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required for S3 storage');
  return {
    kind: 's3',
    endpoint: s3Endpoint,
    region: str('S3_REGION', 'us-east-1')!,
    bucket: s3Bucket ?? '',
    accessKeyId: accessKeyId ?? '',
    secretAccessKey: secretAccessKey ?? '',
    forcePathStyle: bool('S3_FORCE_PATH_STYLE', s3Endpoint !== null),
    prefix: (str('S3_PREFIX', '') ?? '').replace(/^\/+|\/+$/g, ''),
  };
}

export function databaseUrl({ str, problems }: EnvReader): string | null {
  const v = str('DATABASE_URL');
  if (v === null) return null;
  if (!/^postgres(ql)?:\/\/[^\s]+$/.test(v)) {
    problems.push('DATABASE_URL must be a PostgreSQL URL like postgres://user:password@host:5432/cms');
    return null;
  }
  return v;
}
