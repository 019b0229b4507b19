// What each plan gets, in one table (as vercel/ai-chatbot's entitlements.ts): the daily message limit,
// the place in the model queue, the remote model and its share of slots, and support priority.
import type { TConfig } from '../config.ts';

export type TPlanName = 'free' | 'plus';

export type TPlanRules = {
  /** Messages a UTC day (a send, a regenerate, a continue); null: unlimited. */
  dailyMessages: number | null;
  /** Replies of this plan wait ahead of the other plan's for a model slot. */
  isFirstForModel: boolean;
  /** The share (0-1] of the remote model's slots this plan's replies may hold at once. */
  remoteSlotShare: number;
  /** The remote model this plan answers with instead of OPENAI_MODEL (same endpoint), or null. */
  remoteModel: string | null;
  /** Support messages go to the top of the operator's inbox. */
  prioritySupport: boolean;
};

export type TPlanTable = Record<TPlanName, TPlanRules>;

export type TPlanConfig = Pick<
  TConfig,
  | 'FREE_DAILY_MESSAGES'
  | 'FREE_CONCURRENCY_SHARE'
  | 'PLUS_OPENAI_MODEL'
  | 'OPENAI_BASE_URL'
  | 'OPENAI_API_KEY'
>;

export function planTable(config: TPlanConfig): TPlanTable {
  const hasRemote = Boolean(config.OPENAI_BASE_URL || config.OPENAI_API_KEY);
  return {
    free: {
      dailyMessages: config.FREE_DAILY_MESSAGES,
      isFirstForModel: false,
      remoteSlotShare: config.FREE_CONCURRENCY_SHARE,
      remoteModel: null,
      prioritySupport: false,
    },
    plus: {
      dailyMessages: null,
      isFirstForModel: true,
      remoteSlotShare: 1,
      // PLUS_OPENAI_MODEL needs the remote endpoint set.
      remoteModel: hasRemote ? (config.PLUS_OPENAI_MODEL ?? null) : null,
      prioritySupport: true,
    },
  };
}

/** The plan of a person as the server derived it (never what the browser sends). */
export const planOf = (user: { isSubscribed: boolean }): TPlanName => (user.isSubscribed ? 'plus' : 'free');
