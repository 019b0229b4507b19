// "Download my data": every part of the person's data as one JSON document, uploads with their bytes.
import type { TDb } from '../../db/client.ts';
import { listUploadsOfUser } from '../../db/queries/uploads.ts';
import type { TStorage } from '../../storage/index.ts';
import { EXPORT_PARTS, type TExportPart } from './export-parts.ts';

export const EXPORT_FORMAT = 'kindred-export/1';

export type TAccountExport = {
  format: typeof EXPORT_FORMAT;
  exportedAt: string;
  userId: number;
  parts: Record<string, unknown[]>;
  /** The uploaded files themselves (avatars), base64, by their URL. */
  files: { url: string; contentType: string; base64: string }[];
};

export async function exportAccount(
  db: TDb,
  storage: TStorage,
  userId: number,
  parts: TExportPart[] = EXPORT_PARTS,
): Promise<TAccountExport> {
  const out: Record<string, unknown[]> = {};
  for (const part of parts) out[part.name] = await part.rows(db, userId);
  const files: TAccountExport['files'] = [];
  for (const upload of await listUploadsOfUser(db, userId)) {
    const bytes = await storage.read(upload.url);
    if (bytes)
      files.push({
        url: upload.url,
        contentType: contentTypeOf(upload.key),
        base64: bytes.toString('base64'),
      });
  }
  return { format: EXPORT_FORMAT, exportedAt: new Date().toISOString(), userId, parts: out, files };
}

function contentTypeOf(key: string): string {
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.mp3')) return 'audio/mpeg';
  if (key.endsWith('.wav')) return 'audio/wav';
  return 'application/octet-stream';
}
