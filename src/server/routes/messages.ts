// Conversation controls on a person's chat log: start with the greeting, regenerate and continue (streamed
// like any reply), swipe, edit, rewind, rate. Another person's chat or message is 404 on every call.
import { Hono } from 'hono';
import { ZForgetQuery } from '../../shared/chat.ts';
import {
  ZChooseAlternative,
  ZEditMessage,
  ZMessageParams,
  ZRateMessage,
  ZReplyAgain,
  ZStartWithGreeting,
} from '../../shared/controls.ts';
import {
  parseJson,
  parseParams,
  parseQuery,
  requireUser,
  type TAppContext,
  type TAppEnv,
} from '../lib/http.ts';
import { chooseAlternative } from '../services/chat/choose-alternative.ts';
import { startContinue } from '../services/chat/continue-reply.ts';
import { editMessage } from '../services/chat/edit-message.ts';
import { rateMessage } from '../services/chat/rate-message.ts';
import { startRegenerate } from '../services/chat/regenerate-reply.ts';
import { rewindChat } from '../services/chat/rewind-chat.ts';
import { startWithGreeting } from '../services/chat/start-with-greeting.ts';
import { replyResponse, replyServices, type TReplyDeps } from './reply-response.ts';

/** Mounted at /api/chatlogs beside the chat log calls. */
export function messagesRoutes(deps: TReplyDeps) {
  const { db } = deps;
  const replyAgain = (start: typeof startRegenerate) => async (c: TAppContext) => {
    const user = requireUser(c);
    const key = parseParams(c, ZMessageParams);
    const body = await parseJson(c, ZReplyAgain);
    return replyResponse(c, (signal) => start(replyServices(c, deps), { user, ...key, ...body, signal }), {
      deps: deps.voice,
      isOn: body.isPlayingAudio,
      userId: user.id,
    });
  };
  /** The signed-in person and the message of theirs the path names (another's is 404 further on). */
  const messageOf = (c: TAppContext) => ({ userId: requireUser(c).id, ...parseParams(c, ZMessageParams) });

  return new Hono<TAppEnv>()
    .post('/greeting', async (c) => {
      const user = requireUser(c);
      const body = await parseJson(c, ZStartWithGreeting);
      return c.json(await startWithGreeting(db, { user, ...body }), 201);
    })
    .post('/:uuid/messages/:position/regenerate', replyAgain(startRegenerate))
    .post('/:uuid/messages/:position/continue', replyAgain(startContinue))
    .put('/:uuid/messages/:position/choice', async (c) => {
      const key = messageOf(c);
      const { index } = await parseJson(c, ZChooseAlternative);
      return c.json(await chooseAlternative(db, { ...key, index }));
    })
    .put('/:uuid/messages/:position/rating', async (c) => {
      const key = messageOf(c);
      const { rating } = await parseJson(c, ZRateMessage);
      return c.json(await rateMessage(db, { ...key, rating }));
    })
    .put('/:uuid/messages/:position', async (c) => {
      const key = messageOf(c);
      const { content } = await parseJson(c, ZEditMessage);
      return c.json(await editMessage(db, { ...key, content }));
    })
    .delete('/:uuid/messages/:position', async (c) => {
      const key = messageOf(c);
      const { forget } = parseQuery(c, ZForgetQuery);
      return c.json(await rewindChat(db, { ...key, forget: forget === 'true' }));
    });
}
