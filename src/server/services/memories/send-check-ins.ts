// Check-ins: the character writes first, picking up something the person told them ('How did the interview go?').

import { ModelUnavailableError, type TChatModel } from '../../ai/chat-model.ts';
import { buildPrompt } from '../../ai/prompt.ts';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/client.ts';
import {
  claimCheckIn,
  dueCheckIns,
  insertCheckInLog,
  releaseCheckIn,
  type TCheckInCandidate,
} from '../../db/queries/check-ins.ts';
import type { TLogger } from '../../lib/logger.ts';
import type { TPlacedLore } from '../../lorebooks/place.ts';
import { isQuietNow, parseQuietHours } from '../../memory/quiet-hours.ts';
import { loreForReply } from '../lorebooks/lore-for-reply.ts';
import { queueCheckInPush } from '../push/queue-check-in-push.ts';

/** Someone who wrote in that chat within this many seconds is "in the chat right now" (capped by the min age). */
const ACTIVE_WINDOW_SECONDS = 600;
const CHECK_IN_MAX_TOKENS = 120;

export type TCheckInDeps = {
  db: TDb;
  config: Pick<TConfig, 'CHECKIN_MIN_AGE_SECONDS' | 'CHECKIN_QUIET_HOURS' | 'CHECKIN_DAILY_CAP'>;
  pickModel: () => Promise<TChatModel>;
  log?: TLogger;
  now?: () => Date;
};

/** One sweep: returns the chat logs it wrote. */
export async function sendDueCheckIns(deps: TCheckInDeps): Promise<string[]> {
  const { db, config } = deps;
  const quiet = parseQuietHours(config.CHECKIN_QUIET_HOURS);
  const now = deps.now?.() ?? new Date();
  const candidates = await dueCheckIns(db, {
    minAgeSeconds: config.CHECKIN_MIN_AGE_SECONDS,
    idleSeconds: Math.min(ACTIVE_WINDOW_SECONDS, config.CHECKIN_MIN_AGE_SECONDS),
    dailyCap: config.CHECKIN_DAILY_CAP,
    limit: 50,
    now,
  });
  const written: string[] = [];
  // One model for the sweep, asked for when the first check-in may go (not at all when none may).
  let model: TChatModel | undefined;
  for (const candidate of candidates) {
    if (isQuietNow(quiet, candidate.timeZone, now)) continue;
    try {
      model ??= await deps.pickModel();
    } catch (err) {
      if (!(err instanceof ModelUnavailableError)) {
        deps.log?.warn({ err, memoryId: candidate.memoryId }, 'check-in not written');
        continue;
      }
      // Nothing claimed: every check-in due stays due for the next sweep, said once.
      deps.log?.info(
        { reason: err.message, due: candidates.length },
        'check-ins wait: no chat model answered',
      );
      break;
    }
    if (!(await claimCheckIn(db, candidate.memoryId))) continue; // another process took it
    try {
      // The character's lorebooks see what the check-in picks up, as a reply would.
      const { lore } = await loreForReply(db, {
        userId: candidate.userId,
        characterId: candidate.characterId,
        chatUuid: null,
        history: [{ content: candidate.fact ?? candidate.content }],
      });
      const text = await writeCheckIn(model, candidate, lore);
      const chatUuid = await insertCheckInLog(db, {
        userId: candidate.userId,
        characterId: candidate.characterId,
        content: text,
        memory: { id: candidate.memoryId, version: candidate.version },
      });
      if (chatUuid === null) {
        // Deleted or changed while the check-in was written: never sent about what is no longer true
        // (a changed memory is due again as it is now).
        await releaseCheckIn(db, candidate.memoryId);
        deps.log?.info({ memoryId: candidate.memoryId }, 'check-in dropped: its memory changed meanwhile');
        continue;
      }
      written.push(chatUuid);
      // Each of the person's devices gets it as a push (the web-push job sends it); the check-in stands
      // whether or not that could be queued.
      await queueCheckInPush(db, { ...candidate, chatUuid, text }).catch((err) =>
        deps.log?.warn({ err, chatUuid }, 'check-in push not queued'),
      );
    } catch (err) {
      await releaseCheckIn(db, candidate.memoryId);
      deps.log?.warn({ err, memoryId: candidate.memoryId }, 'check-in not written');
    }
  }
  if (written.length > 0) deps.log?.info({ count: written.length }, 'check-ins sent');
  return written;
}

async function writeCheckIn(model: TChatModel, c: TCheckInCandidate, lore: TPlacedLore): Promise<string> {
  const [system, ...rest] = buildPrompt({
    persona: { name: c.characterName, description: c.characterDescription },
    userName: c.userName,
    history: [],
    memories: [{ content: c.content, reply: c.reply, pinned: false, fact: c.fact }],
    withThoughts: false,
    lore,
  });
  const messages = [
    {
      role: 'system' as const,
      content: `${system?.content ?? ''}\n\n${c.userName} has been away for a while. You are writing first.`,
    },
    ...rest,
    {
      role: 'user' as const,
      content: `(Write ${c.characterName}'s short, natural message to ${c.userName} that picks up ${pickUp(c)}. Ask how it went or how they are, in one or two sentences.)`,
    },
  ];
  let text = '';
  for await (const chunk of model.streamReply({
    messages,
    withThoughts: false,
    maxTokens: CHECK_IN_MAX_TOKENS,
  })) {
    if (chunk.type === 'text') text += chunk.text;
  }
  const trimmed = text.trim();
  if (trimmed === '') throw new Error('The model wrote an empty check-in');
  return trimmed;
}

/** What the check-in is about: the kept fact (a dated one said to be over), else the person's words. */
function pickUp(c: TCheckInCandidate): string {
  if (!c.fact) return `what ${c.userName} told you: "${c.content.slice(0, 500)}"`;
  const when = c.happensOn ? ` (it was on ${longDay(c.happensOn)}, now past)` : '';
  return `what you know: "${c.fact.slice(0, 500)}"${when}`;
}

/** '2026-11-27' → 'Friday 27 November 2026' (from its parts: ICU versions differ on the comma). */
function longDay(day: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    })
      .formatToParts(new Date(`${day}T12:00:00Z`))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}
