// How a reply that answers no new message (regenerate, continue) plugs into the one reply pipeline.
import type { TNewMessage } from '../../db/queries/chat-logs.ts';
import type { TDailyPlan, TDailySlot } from './daily-limit.ts';

export type TReplyMode = {
  /** Reserves today's slot and reads the history to answer (nothing new is stored). */
  prepare(plan: TDailyPlan): Promise<{
    uuid: string;
    slot: TDailySlot;
    history: { role: 'user' | 'assistant'; content: string }[];
  }>;
  /** Stores the finished reply (instead of appending it as a new message). */
  store(message: TNewMessage): Promise<void>;
  /** Ask the character to go on from the history's last reply. */
  continueLast?: boolean;
};
