// Starting a group chat and changing it: members (add, remove, mute, talkativeness) and who answers.
import {
  GROUP_MAX_MEMBERS,
  GROUP_MIN_MEMBERS,
  type TCreateGroup,
  type TGroupChat,
  type TReplyOrder,
  ZCreateGroup,
} from '../../../shared/groups.ts';
import type { TDb } from '../../db/client.ts';
import { findChatLog } from '../../db/queries/chat-logs.ts';
import {
  countUsableCharacters,
  deleteMember,
  findGroup,
  insertGroup,
  insertMember,
  setReplyOrder,
  updateMember,
} from '../../db/queries/groups.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findOwnGroup } from './group-context.ts';

type TGroupKey = { userId: number; uuid: string };

export async function readGroup(db: TDb, userId: number, uuid: string): Promise<TGroupChat> {
  const { log, members } = await findOwnGroup(db, userId, uuid);
  return {
    uuid: log.uuid,
    characterId: log.characterId,
    replyOrder: log.replyOrder,
    title: log.title,
    members: members.map(({ memoryDisabled: _, ...m }) => m),
  };
}

/** 404 when any of the characters is not one the person may chat with. */
async function assertUsable(db: TDb, userId: number, ids: number[]) {
  if ((await countUsableCharacters(db, userId, ids)) !== ids.length) throw notFound('Character');
}

export async function createGroup(db: TDb, userId: number, input: TCreateGroup): Promise<TGroupChat> {
  const { characterIds, replyOrder } = ZCreateGroup.parse(input);
  await assertUsable(db, userId, characterIds);
  const uuid = await insertGroup(db, { userId, characterIds, replyOrder });
  return readGroup(db, userId, uuid);
}

/** 'Add character': to a group, or to a one-character chat, which becomes a group with both. */
export async function addMember(db: TDb, key: TGroupKey & { characterId: number }): Promise<TGroupChat> {
  const found = await findGroup(db, key.userId, key.uuid);
  if (!found) throw notFound('Chat log');
  if (found.log.source !== 'text') throw new AppError('conflict', 'A check-in cannot become a group chat.');
  await assertUsable(db, key.userId, [key.characterId]);
  const isMember = found.log.isGroup
    ? found.members.some((m) => m.characterId === key.characterId)
    : found.log.characterId === key.characterId;
  if (isMember) throw new AppError('conflict', 'This character is already in the chat.');
  if (!(await insertMember(db, { ...key, max: GROUP_MAX_MEMBERS }))) {
    throw new AppError('conflict', `A group chat has at most ${GROUP_MAX_MEMBERS} characters.`);
  }
  return readGroup(db, key.userId, key.uuid);
}

export async function removeMember(db: TDb, key: TGroupKey & { characterId: number }): Promise<TGroupChat> {
  const { members } = await findOwnGroup(db, key.userId, key.uuid);
  if (!members.some((m) => m.characterId === key.characterId)) throw notFound('Group member');
  if (!(await deleteMember(db, { ...key, min: GROUP_MIN_MEMBERS }))) {
    throw new AppError('conflict', `A group chat has at least ${GROUP_MIN_MEMBERS} characters.`);
  }
  return readGroup(db, key.userId, key.uuid);
}

export async function changeMember(
  db: TDb,
  key: TGroupKey & { characterId: number; isMuted?: boolean; talkativeness?: number },
): Promise<TGroupChat> {
  await findOwnGroup(db, key.userId, key.uuid);
  if (!(await updateMember(db, key))) throw notFound('Group member');
  return readGroup(db, key.userId, key.uuid);
}

export async function changeReplyOrder(
  db: TDb,
  key: TGroupKey & { replyOrder: TReplyOrder },
): Promise<TGroupChat> {
  if (!(await setReplyOrder(db, key))) {
    throw (await findChatLog(db, key.userId, key.uuid))
      ? new AppError('conflict', 'Only a group chat has a reply order.')
      : notFound('Group chat');
  }
  return readGroup(db, key.userId, key.uuid);
}
