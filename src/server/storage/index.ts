// Picks the storage from config: an S3-compatible bucket when S3_BUCKET is set, else the data folder.
import type { TConfig } from '../config.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { TStorage } from './storage.ts';

export type { TStorage } from './storage.ts';

export function createStorage(config: TConfig): TStorage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      publicUrl: config.S3_PUBLIC_URL!,
    });
  }
  return createLocalStorage(config.dataDir);
}
