import { describe, expect, it } from 'vitest';
import { withoutOwnName } from './group-turn.ts';
import { mentionIndex, nextSpeaker, planSpeakers, type TSpeakerCandidate } from './plan-speakers.ts';

const member = (
  characterId: number,
  name: string,
  talkativeness = 50,
  isMuted = false,
): TSpeakerCandidate => ({
  characterId,
  name,
  talkativeness,
  isMuted,
});
const cast = [member(1, 'Seraphine Vale', 0), member(3, 'Rook', 0), member(5, 'Juniper Hale', 0)];
/** A fixed sequence of rolls. */
const rolls = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('planSpeakers', () => {
  it('natural: the characters named answer in the order they are named, the others by talkativeness', () => {
    const message = 'Rook, what do you think? And you, Seraphine?';
    expect(
      planSpeakers({ order: 'natural', members: cast, message, spokeSincePerson: [], random: rolls(0) }),
    ).toEqual([3, 1]);
    const talkative = [member(1, 'Seraphine Vale', 0), member(3, 'Rook', 100), member(5, 'Juniper Hale', 40)];
    // Juniper rolls 0.5 against 40%: silent; Rook always talks.
    expect(
      planSpeakers({
        order: 'natural',
        members: talkative,
        message: 'Hello all',
        spokeSincePerson: [],
        random: rolls(0.5),
      }),
    ).toEqual([3]);
  });

  it('natural: at least one answers even when every roll fails', () => {
    const members = [member(1, 'Seraphine Vale', 10), member(3, 'Rook', 30)];
    const speakers = planSpeakers({
      order: 'natural',
      members,
      message: 'hi',
      spokeSincePerson: [],
      random: rolls(0.99),
    });
    expect(speakers).toHaveLength(1);
  });

  it('a muted member never answers, even when named', () => {
    const members = [member(1, 'Seraphine Vale', 100, true), member(3, 'Rook', 0)];
    expect(
      planSpeakers({
        order: 'natural',
        members,
        message: 'Seraphine?',
        spokeSincePerson: [],
        random: rolls(0),
      }),
    ).toEqual([3]);
    expect(
      planSpeakers({ order: 'list', members, message: '', spokeSincePerson: [], random: rolls(0) }),
    ).toEqual([3]);
  });

  it('list: everyone in list order; manual: nobody; pooled: one who has not spoken since the person wrote', () => {
    expect(
      planSpeakers({ order: 'list', members: cast, message: '', spokeSincePerson: [], random: rolls(0) }),
    ).toEqual([1, 3, 5]);
    expect(
      planSpeakers({
        order: 'manual',
        members: cast,
        message: 'Rook',
        spokeSincePerson: [],
        random: rolls(0),
      }),
    ).toEqual([]);
    expect(
      planSpeakers({
        order: 'pooled',
        members: cast,
        message: '',
        spokeSincePerson: [1, 3],
        random: rolls(0.7),
      }),
    ).toEqual([5]);
  });
});

describe('names', () => {
  it('matches a full or first name as a whole word, in any case, and not inside another word', () => {
    expect(mentionIndex('hey seraphine!', 'Seraphine Vale')).toBe(4);
    expect(mentionIndex('Crooked path', 'Rook')).toBe(-1);
    expect(mentionIndex('Ask Juniper Hale', 'Juniper Hale')).toBe(4);
  });
});

describe('nextSpeaker', () => {
  it('gives the turn to the one named, never to the last speaker again while someone else may speak', () => {
    expect(
      nextSpeaker({ members: cast, message: 'What say you, Juniper?', lastSpeakerId: 3, random: rolls(0) }),
    ).toBe(5);
    expect(
      nextSpeaker({ members: cast, message: 'Rook here.', lastSpeakerId: 3, random: rolls(0) }),
    ).not.toBe(3);
    expect(
      nextSpeaker({ members: [member(3, 'Rook')], message: '', lastSpeakerId: 3, random: rolls(0) }),
    ).toBe(3);
  });
});

describe('a group reply that starts with its own name', () => {
  it('is stored without it; a reply that is only the name, or names another, is kept', () => {
    expect(withoutOwnName('Rook: Well met.', 'Rook')).toBe('Well met.');
    expect(withoutOwnName('**Seraphine Vale**: Hush.', 'Seraphine Vale')).toBe('Hush.');
    expect(withoutOwnName('Juniper Hale: yes', 'Rook')).toBe('Juniper Hale: yes');
    expect(withoutOwnName('Rook:', 'Rook')).toBe('Rook:');
  });
});
