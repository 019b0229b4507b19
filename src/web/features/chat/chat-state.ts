// The chat screen's state machine, as a pure reducer: messages sent here, the reply being streamed and
// typed out, and the keys that keep a message's identity when the server's page replaces the screen.
// Positions come from the reply stream (`start`, `done`), so nothing is re-fetched to learn them.
import type { TChatMessage, TReplyDone } from '../../../shared/chat.ts';
import { CHAT_CONTEXT_MESSAGES } from '../../../shared/chat-limits.ts';
import type { TMessageControls } from '../../../shared/controls.ts';
import type { TReplyLore } from '../../../shared/lorebooks.ts';

export type TUiMessage = {
  key: string;
  role: 'user' | 'assistant';
  content: string;
  internalThoughts: string | null;
  audioUrl: string | null;
  /** A user message whose reply failed: shown with the reason and a retry button. */
  failure?: string;
  /** The server's error code for the failure (model_unavailable: no model is set up). */
  failureCode?: string;
  /** A reply the model stopped before it was finished: shown marked, with Continue and Retry. */
  isCutOff?: boolean;
  /** Conversation controls: where the message is stored (absent until the server tells). */
  position?: number;
  controls?: TMessageControls;
  /** Lorebook entries a reply was given (shown from the reply). */
  lore?: TReplyLore[];
  /** The ids of the person's memories a reply was given (its 'Memories used' button). */
  memoryIds?: number[];
  /** Group chats: the character who wrote the reply. */
  speakerId?: number;
};

/** The reply being received and typed out. */
export type TPending = {
  replyKey: string;
  received: string;
  thoughts: string;
  isComplete: boolean;
  isStopped: boolean;
  isCutOff: boolean;
  audioUrl: string | null;
  /** Where the reply is stored (from the `done` event). */
  position?: number;
  /** Lorebook entries the reply was given (from the `done` event). */
  lore?: TReplyLore[];
  /** The memories the reply was given (from the `done` event). */
  memoryIds?: number[];
};

export type TChatState = {
  /** The chat log the screen shows (the URL's). */
  shownHist: string | null;
  /** A chat log started on this screen: its messages are already here, so it is not fetched. */
  adoptedHist: string | null;
  /** Messages sent and replies received here, after the stored ones. */
  local: TUiMessage[];
  pending: TPending | null;
  /** Keys of messages sent here by stored position: the server's page keeps them. */
  keys: ReadonlyMap<number, string>;
  /** A stopped reply's position is unknown until the chat is read back once. */
  needsSync: boolean;
};

export type TChatAction =
  /** Another chat log was opened (History, a notification, New Chat, the uuid adopted). */
  | { type: 'open'; hist: string | null }
  /** The server stored the chat started here under this uuid. */
  | { type: 'adopt'; hist: string }
  /** A new message, or a retry of one (`retry`: its key), and the reply's wait begins. */
  | { type: 'send'; userKey: string; replyKey: string; text: string; isRetry: boolean }
  /** A new chat's greeting, stored before its first send. */
  | { type: 'greeting'; messages: TUiMessage[] }
  | { type: 'start'; userKey: string; messagePosition: number | null }
  | { type: 'thoughts'; text: string }
  | { type: 'delta'; text: string }
  | { type: 'done'; done: TReplyDone }
  /** The stop button: what arrived is shown at once. */
  | { type: 'stop' }
  /** The stream ended because it was stopped: what arrived is the reply. */
  | { type: 'stopped' }
  /** The complete reply is fully typed out: it joins the conversation. */
  | { type: 'typed-out' }
  | { type: 'failed'; userKey: string; failure: string; failureCode?: string }
  /** Refused before anything was stored (the daily limit): the message goes. */
  | { type: 'refused'; userKey: string }
  /** The server's latest page replaces what is on screen (conversation controls, read back). */
  | { type: 'page' }
  | { type: 'reset' };

export const NEW_CONTROLS: TMessageControls = {
  alternativeCount: 1,
  chosen: 0,
  rating: null,
  isGreeting: false,
};

export const initialChatState = (hist: string | null): TChatState => ({
  shownHist: hist,
  adoptedHist: null,
  local: [],
  pending: null,
  keys: new Map(),
  needsSync: false,
});

const at = (position: number | null | undefined) =>
  position === null || position === undefined ? {} : { position, controls: NEW_CONTROLS };

export function chatReducer(state: TChatState, action: TChatAction): TChatState {
  const { pending } = state;
  switch (action.type) {
    case 'open':
      if (action.hist === state.shownHist) return state;
      if (action.hist === state.adoptedHist) return { ...state, shownHist: action.hist };
      // What streams now stays pending, as before the switch (the screen stops it).
      return { ...initialChatState(action.hist), pending: state.pending };
    case 'adopt':
      return { ...state, adoptedHist: action.hist };
    case 'send': {
      const local = action.isRetry
        ? state.local.map((m) =>
            m.key === action.userKey ? { ...m, failure: undefined, failureCode: undefined } : m,
          )
        : [
            ...state.local,
            {
              key: action.userKey,
              role: 'user' as const,
              content: action.text,
              internalThoughts: null,
              audioUrl: null,
            },
          ];
      const next: TPending = {
        replyKey: action.replyKey,
        received: '',
        thoughts: '',
        isComplete: false,
        isStopped: false,
        isCutOff: false,
        audioUrl: null,
      };
      return { ...state, local, pending: next };
    }
    case 'greeting':
      return { ...state, local: [...action.messages, ...state.local] };
    case 'start':
      return {
        ...state,
        local: state.local.map((m) =>
          m.key === action.userKey ? { ...m, ...at(action.messagePosition) } : m,
        ),
      };
    case 'thoughts':
      return pending
        ? { ...state, pending: { ...pending, thoughts: pending.thoughts + action.text } }
        : state;
    case 'delta':
      return pending
        ? { ...state, pending: { ...pending, received: pending.received + action.text } }
        : state;
    case 'done': {
      if (!pending) return state;
      const { done } = action;
      return {
        ...state,
        pending: {
          ...pending,
          received: done.reply,
          thoughts: done.internalThoughts ?? '',
          audioUrl: done.audioUrl,
          isComplete: true,
          isCutOff: done.isCutOff === true,
          lore: done.lore ?? [],
          memoryIds: done.memoryIds ?? [],
          ...(done.replyPosition === null ? {} : { position: done.replyPosition }),
        },
      };
    }
    case 'stop':
      return pending ? { ...state, pending: { ...pending, isStopped: true } } : state;
    case 'stopped':
      return pending ? { ...state, pending: { ...pending, isComplete: true, isStopped: true } } : state;
    case 'typed-out': {
      if (!pending?.isComplete) return state;
      if (pending.received.trim() === '') return { ...state, pending: null };
      const reply: TUiMessage = {
        key: pending.replyKey,
        role: 'assistant',
        content: pending.received,
        internalThoughts: pending.thoughts.trim() || null,
        audioUrl: pending.audioUrl,
        isCutOff: pending.isCutOff,
        ...(pending.lore ? { lore: pending.lore } : {}),
        ...(pending.memoryIds ? { memoryIds: pending.memoryIds } : {}),
        ...at(pending.position),
      };
      return {
        ...state,
        pending: null,
        local: [...state.local, reply],
        needsSync: state.needsSync || pending.position === undefined,
      };
    }
    case 'failed':
      return {
        ...state,
        pending: null,
        local: state.local.map((m) =>
          m.key === action.userKey ? { ...m, failure: action.failure, failureCode: action.failureCode } : m,
        ),
      };
    case 'refused':
      return { ...state, pending: null, local: state.local.filter((m) => m.key !== action.userKey) };
    case 'page': {
      const keys = new Map(state.keys);
      for (const m of state.local) if (m.position !== undefined) keys.set(m.position, m.key);
      return { ...state, local: [], adoptedHist: null, keys, needsSync: false };
    }
    case 'reset':
      return { ...state, pending: null, local: [], adoptedHist: null, needsSync: false };
  }
}

/** A stored message on screen: a message sent here keeps its key. */
export const fromStored = (m: TChatMessage, keys?: ReadonlyMap<number, string>): TUiMessage => ({
  key: keys?.get(m.position) ?? `stored-${m.position}`,
  role: m.role,
  content: m.content,
  internalThoughts: m.internalThoughts,
  audioUrl: m.audioUrl,
  isCutOff: m.isCutOff === true,
  position: m.position,
  lore: m.lore ?? [],
  memoryIds: m.memoryIds ?? [],
  speakerId: m.speakerId,
  controls: {
    alternativeCount: m.alternativeCount ?? 1,
    chosen: m.chosen ?? 0,
    rating: m.rating ?? null,
    isGreeting: m.isGreeting ?? false,
  },
});

/** Spec: the context text is the last 30 non-empty messages plus the new line (the server ignores it). */
export function contextText(messages: { role: string; content: string }[]): string {
  return messages
    .filter((m) => m.content.trim() !== '')
    .slice(-CHAT_CONTEXT_MESSAGES)
    .map((m) => `${m.role}: ${m.content}`)
    .join('\n')
    .slice(-8000);
}
