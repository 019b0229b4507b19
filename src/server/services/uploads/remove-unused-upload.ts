// Removes a person's uploaded file as soon as nothing refers to it (a deleted character's avatar, a
// replaced one); files others still use, built-in pictures and shared speech are left alone.
import type { TDb } from '../../db/client.ts';
import { deleteUpload, findOwnUnreferencedUpload } from '../../db/queries/uploads.ts';
import type { TStorage } from '../../storage/index.ts';

export async function removeUnusedUpload(
  db: TDb,
  storage: TStorage,
  opts: { userId: number; url: string | null },
): Promise<number> {
  if (!opts.url || !storage.owns(opts.url)) return 0;
  const upload = await findOwnUnreferencedUpload(db, opts.userId, opts.url);
  if (!upload) return 0;
  await storage.remove(upload.url);
  await deleteUpload(db, upload.key);
  return 1;
}
