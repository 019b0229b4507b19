// Who answers in a group chat (pure): the reply order's rule applied to the members and the last message.
import type { TReplyOrder } from '../../../shared/groups.ts';

export type TSpeakerCandidate = {
  characterId: number;
  name: string;
  talkativeness: number;
  isMuted: boolean;
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the message first names the character (its full name or its first name), or -1. */
export function mentionIndex(message: string, name: string): number {
  const names = [name.trim(), name.trim().split(/\s+/)[0] ?? ''].filter((n) => n.length >= 2);
  let best = -1;
  for (const n of names) {
    const match = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(n)}(?![\\p{L}\\p{N}])`, 'iu').exec(message);
    if (match && (best === -1 || match.index < best)) best = match.index;
  }
  return best;
}

/** The members named in the message, in the order they are named. */
export function namedIn(message: string, members: TSpeakerCandidate[]): TSpeakerCandidate[] {
  return members
    .map((m) => ({ m, at: mentionIndex(message, m.name) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.m);
}

/** One member picked by talkativeness (a member at 0% only when all are). */
function pickByTalkativeness(
  members: TSpeakerCandidate[],
  random: () => number,
): TSpeakerCandidate | undefined {
  const total = members.reduce((sum, m) => sum + m.talkativeness, 0);
  if (total === 0) return members[Math.floor(random() * members.length)];
  let roll = random() * total;
  for (const m of members) {
    roll -= m.talkativeness;
    if (roll < 0) return m;
  }
  return members.at(-1);
}

/** Who answers the person's message, in order (manual: nobody until the person picks). */
export function planSpeakers(input: {
  order: TReplyOrder;
  members: TSpeakerCandidate[];
  message: string;
  /** Members who have spoken since the person last wrote (pooled). */
  spokeSincePerson: number[];
  random: () => number;
}): number[] {
  const active = input.members.filter((m) => !m.isMuted);
  if (active.length === 0) return [];
  switch (input.order) {
    case 'manual':
      return [];
    case 'list':
      return active.map((m) => m.characterId);
    case 'pooled': {
      const fresh = active.filter((m) => !input.spokeSincePerson.includes(m.characterId));
      const pool = fresh.length > 0 ? fresh : active;
      return [pool[Math.floor(input.random() * pool.length)]!.characterId];
    }
    case 'natural': {
      const named = namedIn(input.message, active);
      const others = active.filter((m) => !named.includes(m) && input.random() < m.talkativeness / 100);
      const speakers = [...named, ...others];
      if (speakers.length === 0) speakers.push(pickByTalkativeness(active, input.random)!);
      return speakers.map((m) => m.characterId);
    }
  }
}

/**
 * Auto-mode's next speaker: a member the last message names (not its writer), else one picked by
 * talkativeness among the others; the last speaker again only when nobody else may speak.
 */
export function nextSpeaker(input: {
  members: TSpeakerCandidate[];
  message: string;
  lastSpeakerId: number | null;
  random: () => number;
}): number | null {
  const active = input.members.filter((m) => !m.isMuted);
  const others = active.filter((m) => m.characterId !== input.lastSpeakerId);
  const named = namedIn(input.message, others)[0];
  if (named) return named.characterId;
  const pool = others.length > 0 ? others : active;
  return pickByTalkativeness(pool, input.random)?.characterId ?? null;
}
