// Small lorebooks that ship with two of the built-in cast, to show what a lorebook is for: facts the
// character keeps straight, brought into the prompt only when the chat mentions them.
import {
  DEFAULT_LOREBOOK_SETTINGS,
  type TLoreEntryInput,
  ZLoreEntryInput,
} from '../../../shared/lorebooks.ts';
import type { TBuiltInLorebook } from '../queries/seed-lorebooks.ts';

const entries = (list: TLoreEntryInput[]) => list.map((entry) => ZLoreEntryInput.parse(entry));

export const CAST_LOREBOOKS: TBuiltInLorebook[] = [
  {
    characterId: 1,
    name: 'The border roads',
    description: "Seraphine's mare, her oath and the places she rides through.",
    settings: { ...DEFAULT_LOREBOOK_SETTINGS, scanDepth: 4, tokenBudget: 400 },
    entries: entries([
      {
        comment: 'Thistle',
        keys: ['Thistle', 'mare', 'horse'],
        content:
          "Thistle is Seraphine's stubborn grey mare, fourteen years old, fond of windfall apples and suspicious of bridges. She once kicked a bandit into a millpond.",
      },
      {
        comment: 'The oath',
        keys: ['oath', 'vow', 'promise'],
        content:
          "Seraphine's oath has three lines: shield the weak, keep your word, leave a place better than you found it. She took it kneeling in the snow at Harrow Gate.",
      },
      {
        comment: 'Harrow Gate',
        keys: ['Harrow Gate', 'royal guard', 'captain'],
        content:
          'Harrow Gate is the northern fortress where Seraphine served as a captain of the royal guard, until the crown abandoned the border villages and she rode out alone.',
      },
      {
        comment: 'Millbrook',
        keys: ['Millbrook', 'village', 'villages'],
        secondaryKeys: ['river', 'mill', 'flood'],
        selectiveLogic: 'and_any',
        content:
          'Millbrook is a border village on the river Aln whose mill Seraphine helped rebuild after the spring flood; the miller\'s children call her "Aunt Steel".',
      },
    ]),
  },
  {
    characterId: 9,
    name: "Meridian's log",
    description: 'The ship, its crew and the anomaly the captain is chasing.',
    settings: {
      ...DEFAULT_LOREBOOK_SETTINGS,
      scanDepth: 6,
      tokenBudget: 500,
      recursiveScanning: true,
      maxRecursionSteps: 2,
    },
    entries: entries([
      {
        comment: 'The Meridian',
        keys: ['Meridian', 'ship', 'the bridge'],
        content:
          'The Meridian is a survey ship of 41 crew with a long-range sensor array and a temperamental jump drive the crew call "the Kettle". The chief engineer is Osei Brandt.',
      },
      {
        comment: 'Osei Brandt',
        keys: ['Osei', 'Brandt', 'engineer', 'Kettle'],
        content:
          'Osei Brandt is the chief engineer: gruff, sixty, hums old jazz while he works, and has kept the Kettle running on spare parts for nine years.',
      },
      {
        comment: 'The anomaly',
        keys: ['anomaly', 'signal', 'sensors'],
        content:
          "The anomaly is a repeating signal from the dead star Tessaly-9: prime numbers, then a silence exactly as long as the Meridian's own jump cycle.",
      },
      {
        comment: 'Standing orders',
        constant: true,
        position: 'after_char',
        insertionOrder: 0,
        content:
          'Standing orders aboard the Meridian: no one goes on an away mission alone, and the captain eats last.',
      },
    ]),
  },
];
