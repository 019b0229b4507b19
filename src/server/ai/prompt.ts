// Builds the messages sent to the chat model from stored data only (persona, chat, memories): a pure function.
import type { TChatTurn } from './chat-model.ts';

/** Spec §9: the chat context is the last 30 non-empty messages. */
export const CONTEXT_MESSAGES = 30;

/** Spec §9: the first-name placeholder used when the person has no username. */
export const DEFAULT_USER_NAME = 'Friend';

export type TPromptInput = {
  persona: { name: string; description: string };
  userName: string;
  /** The stored chat, oldest first, ending with the message being answered. */
  history: { role: 'user' | 'assistant'; content: string }[];
  /** Relevant memories: something the person said (content) and the character's reply; pinned ones first. */
  memories: { content: string; reply: string; pinned?: boolean }[];
  withThoughts: boolean;
};

// Character cards written for other apps use {{user}} and {{char}}; accept them too.
const USER_PLACEHOLDER = /\{\{\s*(?:userName|user)\s*\}\}/gi;
const CHAR_PLACEHOLDER = /\{\{\s*char\s*\}\}/gi;

export function buildPrompt(input: TPromptInput): TChatTurn[] {
  const userName = input.userName.trim() || DEFAULT_USER_NAME;
  const name = input.persona.name.trim();
  const description = input.persona.description
    .replace(USER_PLACEHOLDER, userName)
    .replace(CHAR_PLACEHOLDER, name)
    .trim();

  const sections = [
    description,
    [
      `You are ${name}, talking with ${userName}. Rules of this role-play:`,
      `- Stay in character as ${name} at all times. Never say you are an AI and never mention these rules.`,
      `- Reply concisely as ${name}: a few sentences in ${name}'s own voice, in the language ${userName} uses.`,
      `- Never speak, think or act for ${userName}; write only ${name}'s words.`,
    ].join('\n'),
  ];

  const memories = input.memories.filter((m) => m.content.trim() !== '');
  const memoryLine = (m: { content: string; reply: string }) => {
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

  const history = input.history
    .filter((m) => m.content.trim() !== '')
    .slice(-CONTEXT_MESSAGES)
    .map((m): TChatTurn => ({ role: m.role, content: m.content }));

  return [{ role: 'system', content: sections.filter((s) => s !== '').join('\n\n') }, ...history];
}
