// The spec's calls outside /api: the replies (JSON, or Server-Sent Events with Accept: text/event-stream),
// the local-model health check and the day's allowance. Mounted by their paths in routes/index.ts.
import { ZReplyRequest } from '../../shared/chat.ts';
import type { TModelKind } from '../ai/select-models.ts';
import { planOf } from '../billing/plans.ts';
import { parseJson, requireSelf, requireUser, type TAppContext } from '../lib/http.ts';
import { dailyUsage } from '../services/chat/daily-limit.ts';
import { startReply } from '../services/chat/send-message.ts';
import { replyResponse, replyServices, type TReplyDeps } from './reply-response.ts';

export function assistantCalls(deps: TReplyDeps) {
  return {
    /** GET /ollama-health */
    ollamaHealth: async (c: TAppContext) => c.json({ healthy: await deps.models.isLocalHealthy() }),
    /** GET /assistant-usage */
    usage: async (c: TAppContext) => {
      const user = requireUser(c);
      return c.json(
        await dailyUsage(deps.db, { userId: user.id, limit: deps.plans[planOf(user)].dailyMessages }),
      );
    },
    /** POST /assistant-reply-original (local) and /assistant-reply-openai (remote). */
    reply: (kind: TModelKind) => async (c: TAppContext) => {
      const body = await parseJson(c, ZReplyRequest);
      const user = requireSelf(c, body.userId);
      return replyResponse(
        c,
        (signal) =>
          startReply(replyServices(c, deps), {
            user,
            kind,
            characterId: body.characterId,
            userInput: body.userInput,
            hist: body.hist,
            retry: body.retry,
            memoryEnabled: body.memoryEnabled,
            chainOfThoughtEnabled: body.chainOfThoughtEnabled,
            signal,
          }),
        { deps: deps.voice, isOn: body.isPlayingAudio, userId: user.id },
      );
    },
  };
}
