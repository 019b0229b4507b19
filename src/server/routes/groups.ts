// /api/groups: group chats. Start one (2 to 8 characters the person may chat with), read it, change who
// answers, add, remove and mute members, write in it, and a character's turn (streamed like any reply).
// Another person's group is 404 on every call.
import { Hono } from 'hono';
import { z } from 'zod';
import { ZCharacterId, ZChatLogUuid } from '../../shared/chat.ts';
import {
  ZAddMember,
  ZCreateGroup,
  ZGroupMessage,
  ZGroupPatch,
  ZGroupTurn,
  ZMemberPatch,
} from '../../shared/groups.ts';
import { parseJson, parseParams, requireUser, type TAppContext, type TAppEnv } from '../lib/http.ts';
import { sendGroupMessage } from '../services/groups/group-message.ts';
import { startGroupTurn } from '../services/groups/group-turn.ts';
import {
  addMember,
  changeMember,
  changeReplyOrder,
  createGroup,
  readGroup,
  removeMember,
} from '../services/groups/manage-group.ts';
import { replyResponse, replyServices, type TReplyDeps } from './reply-response.ts';

const ZGroupParam = z.object({ uuid: ZChatLogUuid });
const ZMemberParam = z.object({ uuid: ZChatLogUuid, characterId: ZCharacterId });

export function groupsRoutes(deps: TReplyDeps) {
  const { db } = deps;
  // A character's turn gets the same care as any reply: the crisis check of the person's last message, a
  // minor's instructions, the reply check.
  const services = (c: TAppContext) => replyServices(c, deps);
  return new Hono<TAppEnv>()
    .post('/', async (c) => {
      const user = requireUser(c);
      const input = await parseJson(c, ZCreateGroup);
      return c.json(await createGroup(db, user.id, input), 201);
    })
    .get('/:uuid', async (c) => {
      const { uuid } = parseParams(c, ZGroupParam);
      return c.json(await readGroup(db, requireUser(c).id, uuid));
    })
    .patch('/:uuid', async (c) => {
      const user = requireUser(c);
      const { uuid } = parseParams(c, ZGroupParam);
      const { replyOrder } = await parseJson(c, ZGroupPatch);
      return c.json(await changeReplyOrder(db, { userId: user.id, uuid, replyOrder }));
    })
    .post('/:uuid/members', async (c) => {
      const user = requireUser(c);
      const { uuid } = parseParams(c, ZGroupParam);
      const { characterId } = await parseJson(c, ZAddMember);
      return c.json(await addMember(db, { userId: user.id, uuid, characterId }), 201);
    })
    .patch('/:uuid/members/:characterId', async (c) => {
      const user = requireUser(c);
      const key = parseParams(c, ZMemberParam);
      const patch = await parseJson(c, ZMemberPatch);
      return c.json(await changeMember(db, { userId: user.id, ...key, ...patch }));
    })
    .delete('/:uuid/members/:characterId', async (c) => {
      const key = parseParams(c, ZMemberParam);
      return c.json(await removeMember(db, { userId: requireUser(c).id, ...key }));
    })
    .post('/:uuid/messages', async (c) => {
      const user = requireUser(c);
      const { uuid } = parseParams(c, ZGroupParam);
      const body = await parseJson(c, ZGroupMessage);
      const result = await sendGroupMessage(services(c), { user, uuid, ...body });
      return c.json(result, 201);
    })
    .post('/:uuid/turn', async (c) => {
      const user = requireUser(c);
      const { uuid } = parseParams(c, ZGroupParam);
      const body = await parseJson(c, ZGroupTurn);
      return replyResponse(c, (signal) => startGroupTurn(services(c), { user, uuid, ...body, signal }), {
        deps: deps.voice,
        isOn: body.isPlayingAudio,
        userId: user.id,
      });
    });
}
