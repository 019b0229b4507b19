// A stored message's controls as the API shows them: how many alternatives, which one, the rating.
import type { TMessageControls } from '../../../shared/controls.ts';
import type { TChatMessageRow } from '../../db/schema.ts';

export const messageControls = (m: TChatMessageRow): TMessageControls => ({
  alternativeCount: Math.max(1, m.alternatives.length),
  chosen: m.alternatives.length > 0 ? m.chosen : 0,
  rating: m.rating === 1 ? 'up' : m.rating === -1 ? 'down' : null,
  isGreeting: m.isGreeting,
});

/** The lorebook entries a stored reply was given. */
export const messageLore = (m: TChatMessageRow) => ({ lore: m.lore ?? [] });
