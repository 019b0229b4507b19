// Group chats in lists (History, the sidebar's recent chats): each group carries its members' faces.
import type { TGroupFace } from '../../../shared/groups.ts';
import type { TDb } from '../../db/client.ts';
import { groupFaces } from '../../db/queries/groups.ts';

/** The rows, a group's with `members` (in list order); other chats unchanged. */
export async function withGroupFaces<T extends { uuid: string }>(
  db: TDb,
  userId: number,
  rows: T[],
): Promise<(T & { members?: TGroupFace[] })[]> {
  const faces = await groupFaces(
    db,
    userId,
    rows.map((r) => r.uuid),
  );
  if (faces.length === 0) return rows;
  const byChat = new Map<string, TGroupFace[]>();
  for (const { uuid, ...face } of faces) byChat.set(uuid, [...(byChat.get(uuid) ?? []), face]);
  return rows.map((r) => {
    const members = byChat.get(r.uuid);
    return members ? { ...r, members } : r;
  });
}
