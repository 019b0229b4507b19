// Shapes character rows into the API's persona fields; cards and timestamps never leave the server.
import type { TPersona, TPersonaListItem } from '../../../shared/characters.ts';
import type { TCharacterListRow } from '../../db/queries/characters.ts';
import type { TCharacterRow } from '../../db/schema.ts';

export const toListItem = (r: TCharacterListRow | TCharacterRow): TPersonaListItem => ({
  id: r.id,
  name: r.name,
  tagline: r.tagline,
  avatarUrl: r.avatarUrl,
  userId: r.userId,
  featuredGroup: r.featuredGroup,
  featuredOrder: r.featuredOrder,
});

export const toPersona = (r: TCharacterRow): TPersona => ({
  ...toListItem(r),
  description: r.description,
  greeting: r.greeting,
  voiceId: r.voiceId,
  voiceDescription: r.voiceDescription,
  memoryDisabled: r.memoryDisabled,
  voiceSettings: r.voiceSettings,
  isAdult: r.isAdult,
});
