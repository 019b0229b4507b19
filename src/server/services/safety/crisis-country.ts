// Which country's crisis lines a person is shown: the card for them, and their choice of country.
import type { TDb } from '../../db/client.ts';
import { findSafetyFacts, setCrisisCountry } from '../../db/queries/safety.ts';
import { AppError } from '../../lib/errors.ts';
import { crisisCardFor, type TCrisisLineTable } from '../../safety/crisis-lines.ts';

export async function crisisLinesFor(db: TDb, lines: TCrisisLineTable, userId: number) {
  const facts = await findSafetyFacts(db, userId);
  return {
    chosenCountry: facts.country,
    card: crisisCardFor(lines, facts),
    countries: Object.keys(lines.countries),
  };
}

/** @throws AppError 400 for a country with no crisis lines here. */
export async function chooseCrisisCountry(
  db: TDb,
  lines: TCrisisLineTable,
  userId: number,
  country: string | null,
) {
  if (country !== null && !lines.countries[country]) {
    throw new AppError('bad_request', 'There are no crisis lines for that country here');
  }
  await setCrisisCountry(db, userId, country);
  return { chosenCountry: country };
}
