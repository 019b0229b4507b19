// Builds the messages sent to the chat model from stored data only (persona, chat, memories): a pure function.

import { CHAT_CONTEXT_MESSAGES } from '../../shared/chat-limits.ts';
import { estimateTokens } from '../lib/estimate-tokens.ts';
import type { TPlacedLore } from '../lorebooks/place.ts';
import type { TChatTurn } from './chat-model.ts';
import { splitExampleDialogue } from './example-dialogue.ts';
import { attributeHistory, groupSection, type TAttributedTurn, type TGroupContext } from './group-prompt.ts';

/**
 * About what the prompt may take (the embedded model's 8,192-token context less a reply's 700): when a
 * chat would go past it, example dialogues are dropped first, then the oldest messages.
 */
export const PROMPT_CONTEXT_TOKENS = 7000;

/** Spec §9: the first-name placeholder used when the person has no username. */
export const DEFAULT_USER_NAME = 'Friend';

export type TPromptInput = {
  persona: { name: string; description: string };
  userName: string;
  /** The stored chat, oldest first, ending with the message being answered (group chats: with speakers). */
  history: TAttributedTurn[];
  /** A group chat: the other members, and the history attributed by name. */
  group?: TGroupContext;
  /**
   * Relevant memories: something the person said (content) and the character's reply, or the fact the judge
   * kept of it (said instead when present); pinned ones first.
   */
  memories: { content: string; reply: string; pinned?: boolean; fact?: string | null }[];
  withThoughts: boolean;
  /** Who the person says they are (the user persona on /profile), told to every character. */
  userPersona?: string | null;
  /** Continue: ask the character to go on from where its last reply (the history's end) stopped. */
  continueLast?: boolean;
  /** Lorebook entries activated for this reply, grouped by where they go. */
  lore?: TPlacedLore;
  /** Safety instructions for this reply (a crisis, a minor): last in the system prompt, so they weigh most. */
  safetyInstructions?: readonly string[];
  /** The prompt's size limit in estimated tokens (PROMPT_CONTEXT_TOKENS unless a test says otherwise). */
  contextTokens?: number;
};

/** Spec's Continue: the instruction after the reply to go on with. */
export const CONTINUE_INSTRUCTION =
  '[Continue your last reply from exactly where it stopped. Do not repeat anything you already wrote.]';

// Character cards written for other apps use {{user}} and {{char}}; accept them too.
const USER_PLACEHOLDER = /\{\{\s*(?:userName|user)\s*\}\}/gi;
const CHAR_PLACEHOLDER = /\{\{\s*char\s*\}\}/gi;

/** Fills {{userName}} / {{user}} and {{char}} (descriptions, greetings). */
export function fillPlaceholders(text: string, names: { userName: string; characterName: string }): string {
  const userName = names.userName.trim() || DEFAULT_USER_NAME;
  return text.replace(USER_PLACEHOLDER, userName).replace(CHAR_PLACEHOLDER, names.characterName.trim());
}

export function buildPrompt(input: TPromptInput): TChatTurn[] {
  const userName = input.userName.trim() || DEFAULT_USER_NAME;
  const name = input.persona.name.trim();
  // A card's example dialogue goes in as example turns, not as persona text.
  const split = splitExampleDialogue(input.persona.description, name);
  const description = fillPlaceholders(split.description, { userName, characterName: name }).trim();

  const fill = (text: string) => fillPlaceholders(text, { userName, characterName: name }).trim();
  const sections = [
    fill(input.lore?.beforeChar ?? ''),
    description,
    fill(input.lore?.afterChar ?? ''),
    [
      `You are ${name}, talking with ${userName}. Rules of this role-play:`,
      `- Stay in character as ${name} at all times. Never say you are an AI and never mention these rules.`,
      `- Reply concisely as ${name}: a few sentences in ${name}'s own voice, in the language ${userName} uses.`,
      `- Never speak, think or act for ${userName}; write only ${name}'s words.`,
    ].join('\n'),
  ];

  if (input.group) sections.push(groupSection(input.group, { name, userName }));

  const userPersona = input.userPersona?.trim();
  if (userPersona) sections.push(`About ${userName}, in their own words: ${userPersona}`);

  const memories = input.memories.filter((m) => m.content.trim() !== '' || m.fact?.trim());
  const memoryLine = (m: { content: string; reply: string; fact?: string | null }) => {
    if (m.fact?.trim()) return `- ${m.fact.trim()}`;
    const said = `- ${userName} once said: "${m.content.trim()}"`;
    return m.reply.trim() === '' ? said : `${said} — you replied: "${m.reply.trim()}"`;
  };
  const pinned = memories.filter((m) => m.pinned);
  const recalled = memories.filter((m) => !m.pinned);
  if (pinned.length > 0) {
    sections.push(
      [`${userName} asked you to always keep these in mind:`, ...pinned.map(memoryLine)].join('\n'),
    );
  }
  if (recalled.length > 0) {
    sections.push([`Things you remember about ${userName}:`, ...recalled.map(memoryLine)].join('\n'));
  }

  if (input.withThoughts) {
    sections.push(
      [
        `Before each reply, write ${name}'s private internal thoughts (one to three sentences: feelings, what ${name} notices, what ${name} wants) between <thoughts> and </thoughts>. ${userName} cannot see them.`,
        'Then write the reply itself after the closing tag. Example:',
        '<thoughts>They sound tired today. I want to cheer them up.</thoughts>',
        'You made it! Sit down, tell me everything.',
      ].join('\n'),
    );
  }

  for (const instruction of input.safetyInstructions ?? []) sections.push(instruction);

  const recent = input.history.filter((m) => m.content.trim() !== '').slice(-CHAT_CONTEXT_MESSAGES);
  const history = input.group
    ? attributeHistory(recent, { name, userName })
    : recent.map((m): TChatTurn => ({ role: m.role, content: m.content }));

  // Deepest first, so each insertion leaves the shallower positions where they were.
  for (const group of input.lore?.atDepth ?? []) {
    const at = Math.max(0, history.length - group.depth);
    history.splice(at, 0, { role: 'system', content: fill(group.content) });
  }

  const examples = split.blocks.map((block): TChatTurn[] => [
    { role: 'system', content: `[Example chat: how ${name} talks. It did not happen.]` },
    ...block.map((turn) => ({ ...turn, content: fill(turn.content) })),
  ]);
  const nudge: TChatTurn[] = input.continueLast ? [{ role: 'user', content: CONTINUE_INSTRUCTION }] : [];
  const system: TChatTurn = { role: 'system', content: sections.filter((s) => s !== '').join('\n\n') };
  fitContext(input.contextTokens ?? PROMPT_CONTEXT_TOKENS, [system, ...nudge], examples, history);
  const start: TChatTurn[] = examples.length > 0 ? [{ role: 'system', content: '[Start a new chat]' }] : [];
  return [system, ...examples.flat(), ...start, ...history, ...nudge];
}

const turnTokens = (turns: TChatTurn[]) =>
  turns.reduce((sum, turn) => sum + estimateTokens(turn.content) + 4, 0);

/** Shortens `examples` (last block first) and then `history` (oldest first, keeping the last) to fit. */
function fitContext(budget: number, fixed: TChatTurn[], examples: TChatTurn[][], history: TChatTurn[]) {
  let total =
    turnTokens(fixed) + examples.reduce((sum, block) => sum + turnTokens(block), 0) + turnTokens(history);
  while (total > budget && examples.length > 0) total -= turnTokens(examples.pop() ?? []);
  while (total > budget && history.length > 1) total -= turnTokens(history.splice(0, 1));
}
