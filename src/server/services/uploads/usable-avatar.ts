// A persona's avatar must be the person's own upload or one of the built-in cast images.
import type { TDb } from '../../db/client.ts';
import { findUploadByUrl } from '../../db/queries/uploads.ts';
import { CAST } from '../../db/seed/cast.ts';
import { AppError } from '../../lib/errors.ts';

const BUILT_IN = new Set(CAST.map((member) => member.avatarUrl));

export const isBuiltInAvatar = (url: string) => BUILT_IN.has(url);

export async function assertUsableAvatar(db: TDb, userId: number, url: string): Promise<void> {
  if (isBuiltInAvatar(url)) return;
  const upload = await findUploadByUrl(db, url);
  if (upload?.userId !== userId) {
    throw new AppError(
      'bad_request',
      'avatarUrl must be an image you uploaded through /upload/avatar or a built-in avatar',
    );
  }
}
