// The parts of a speaker's prompt that only a group chat has: who else is there, and the shared history
// with each message attributed by name (pure).
import type { TChatTurn } from './chat-model.ts';

export type TGroupContext = {
  /** The other characters in the chat, a short line each. */
  others: { name: string; tagline: string }[];
};

export type TAttributedTurn = { role: 'user' | 'assistant'; content: string; speaker?: string | null };

export function groupSection(group: TGroupContext, names: { name: string; userName: string }): string {
  const { name, userName } = names;
  return [
    `This is a group chat: ${userName}, ${name} and the others below are talking together.`,
    ...group.others.map((o) => `- ${o.name}${o.tagline.trim() ? `: ${o.tagline.trim()}` : ''}`),
    `Messages from the others are shown with their names. Write only ${name}'s next message: never speak, think or act for ${userName} or for any of the others, and do not put your name in front of it.`,
  ].join('\n');
}

/** The speaker's own messages stay theirs; the person's and the others' go in as named lines. */
export function attributeHistory(
  history: TAttributedTurn[],
  names: { name: string; userName: string },
): TChatTurn[] {
  return history.map((m) => {
    if (m.role === 'user') return { role: 'user', content: `${names.userName}: ${m.content}` };
    if (!m.speaker || m.speaker === names.name) return { role: 'assistant', content: m.content };
    return { role: 'user', content: `${m.speaker}: ${m.content}` };
  });
}
