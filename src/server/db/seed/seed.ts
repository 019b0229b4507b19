// Puts the built-in cast into the database at start; safe to run on every start and on every instance.
import type { TDb } from '../client.ts';
import { upsertBuiltInCharacters } from '../queries/seed.ts';
import { upsertBuiltInLorebook } from '../queries/seed-lorebooks.ts';
import { CAST } from './cast.ts';
import { CAST_LOREBOOKS } from './cast-lorebooks.ts';

export async function seedDatabase(db: TDb) {
  await upsertBuiltInCharacters(
    db,
    CAST.map((m) => ({
      id: m.id,
      slug: m.slug,
      name: m.name,
      tagline: m.tagline,
      description: m.description,
      greeting: m.greeting,
      avatarUrl: m.avatarUrl,
      voiceId: m.voiceId,
      voiceDescription: m.voiceDescription,
      featuredGroup: m.featuredGroup,
      featuredOrder: m.featuredOrder,
      memoryDisabled: m.memoryDisabled,
    })),
  );
  for (const book of CAST_LOREBOOKS) await upsertBuiltInLorebook(db, book);
}
