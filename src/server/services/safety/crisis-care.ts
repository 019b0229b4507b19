// Crisis care on every reply: the person's message checked before the reply is written (a crisis shows
// the card with their country's lines, counts one referral and gives the character a care instruction),
// minors' instructions, and the reply checked before it is kept.
import type { TCrisisCard } from '../../../shared/safety.ts';
import { isMinorOn } from '../../../shared/safety.ts';
import type { TDb } from '../../db/client.ts';
import { bumpSafetyCount, findSafetyFacts, type TSafetyFacts } from '../../db/queries/safety.ts';
import type { TLogger } from '../../lib/logger.ts';
import type { TCrisisDetector } from '../../safety/crisis-detector.ts';
import { crisisCardFor, type TCrisisLineTable } from '../../safety/crisis-lines.ts';
import { checkReply, SAFE_REPLY, SAFE_REPLY_MINOR, type TReplyProblem } from '../../safety/reply-check.ts';
import { noteChatting } from './break-reminder.ts';

/** Added to the character's prompt for the reply to a message that reads like a crisis. */
export const CRISIS_INSTRUCTION =
  "Safety, for this reply above everything else: the person's last message suggests they may be thinking about suicide or self-harm, or be in danger. Respond with warmth and care, outside any dark turn the story had taken. Take what they said seriously, stay supportive, and gently encourage them to reach out to someone they trust or to a crisis line (the app is showing them crisis lines now). Never describe methods or means, and never encourage harm.";

/** Added to every prompt for a person known to be under 18. */
export const MINOR_INSTRUCTION =
  'The person you are talking with is under 18. Keep everything age-appropriate: no sexual or sexually suggestive content of any kind, no romantic role-play beyond friendship, no graphic violence.';

export type TReplySafety = {
  /** The crisis card to show above the reply, or null. */
  crisis: TCrisisCard | null;
  isMinor: boolean;
  /** For the prompt (see buildPrompt's safetyInstructions). */
  instructions: string[];
  /** A minor's three hours of continuous chatting are up: remind them the character is AI, and to rest. */
  isBreakDue?: boolean;
};

export type TSafety = {
  /** The crisis-line table in use (the operator's file or the shipped one). */
  lines: TCrisisLineTable;
  /**
   * Checks the message being answered. `isNewMessage`: a referral is counted once per message (not again
   * when the same message is answered again).
   */
  beforeReply(opts: {
    userId: number;
    message: string;
    isNewMessage: boolean;
    /** The person's facts when the caller already read them (with the chat target). */
    facts?: TSafetyFacts;
  }): Promise<TReplySafety>;
  /** A problem of the (partial) reply that means it must not be kept, or null. */
  checkReply(reply: string, safety: TReplySafety): TReplyProblem | null;
  /** Counts and logs a replaced reply (never its text) and answers what the person sees instead. */
  replaceReply(problem: TReplyProblem): Promise<string>;
  /** The crisis card for a person (a voice transcript that reads like a crisis). */
  checkText(userId: number, text: string): Promise<TCrisisCard | null>;
};

export function createSafety(deps: {
  db: TDb;
  detector: TCrisisDetector;
  lines: TCrisisLineTable;
  log?: TLogger;
}): TSafety {
  const { db, detector } = deps;
  const checkText = async (userId: number, text: string) => {
    const found = await detector.check(text);
    if (!found.isCrisis) return null;
    return crisisCardFor(deps.lines, await findSafetyFacts(db, userId));
  };
  return {
    lines: deps.lines,
    async beforeReply({ userId, message, isNewMessage, facts: known }) {
      const [found, facts] = await Promise.all([
        detector.check(message),
        known ?? findSafetyFacts(db, userId),
      ]);
      const isMinor = isMinorOn(facts.birthDate);
      const instructions = isMinor ? [MINOR_INSTRUCTION] : [];
      // Only a new message of the person's counts as chatting (answering again does not).
      const isBreakDue = isMinor && isNewMessage ? await noteChatting(db, userId, new Date()) : false;
      if (!found.isCrisis) return { crisis: null, isMinor, instructions, isBreakDue };
      if (isNewMessage) {
        await bumpSafetyCount(db, 'crisis_referral');
        deps.log?.info({ kind: found.kind, by: found.by }, 'crisis referral shown');
      }
      return {
        crisis: crisisCardFor(deps.lines, facts),
        isMinor,
        instructions: [...instructions, CRISIS_INSTRUCTION],
        isBreakDue,
      };
    },
    checkReply: (reply, safety) => checkReply(reply, { isMinor: safety.isMinor }),
    async replaceReply(problem) {
      await bumpSafetyCount(db, 'unsafe_reply');
      deps.log?.warn({ problem }, 'a reply was replaced by a safe message');
      return problem === 'sexual_content' ? SAFE_REPLY_MINOR : SAFE_REPLY;
    },
    checkText,
  };
}
