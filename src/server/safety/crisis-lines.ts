// Crisis lines by country: a shipped table, or the operator's DATA_DIR/crisis-lines.json in its place.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { TCrisisCard, TCrisisLine } from '../../shared/safety.ts';
import type { TLogger } from '../lib/logger.ts';
import { countryFromTimeZone } from './time-zone-countries.ts';

const ZLine = z.object({
  name: z.string().min(1).max(200),
  phone: z.string().max(50).optional(),
  text: z.string().max(200).optional(),
  url: z.url({ protocol: /^https?$/ }).optional(),
});
export const ZCrisisLineTable = z.object({
  countries: z.record(z.string().regex(/^[A-Z]{2}$/), z.array(ZLine).min(1)),
  directory: ZLine,
});
export type TCrisisLineTable = z.infer<typeof ZCrisisLineTable>;

export const DEFAULT_CRISIS_LINES: TCrisisLineTable = {
  countries: {
    US: [
      {
        name: '988 Suicide & Crisis Lifeline',
        phone: '988',
        text: 'Call or text 988',
        url: 'https://988lifeline.org',
      },
    ],
    CA: [
      {
        name: '9-8-8 Suicide Crisis Helpline',
        phone: '988',
        text: 'Call or text 988',
        url: 'https://988.ca',
      },
    ],
    GB: [
      {
        name: 'Samaritans',
        phone: '116 123',
        text: 'Call 116 123, free, any time',
        url: 'https://www.samaritans.org',
      },
    ],
    IE: [
      {
        name: 'Samaritans',
        phone: '116 123',
        text: 'Call 116 123, free, any time',
        url: 'https://www.samaritans.org',
      },
    ],
    AU: [{ name: 'Lifeline', phone: '13 11 14', text: 'Call 13 11 14', url: 'https://www.lifeline.org.au' }],
    NZ: [{ name: 'Need to talk?', phone: '1737', text: 'Call or text 1737', url: 'https://1737.org.nz' }],
  },
  directory: {
    name: 'Find a Helpline (international directory)',
    text: 'Free, confidential helplines in your country',
    url: 'https://findahelpline.com',
  },
};

export const CRISIS_LINES_FILE = 'crisis-lines.json';

/** The operator's table when its file is there and valid (a bad file is logged and the shipped one used). */
export function loadCrisisLines(dataDir: string, log?: TLogger): TCrisisLineTable {
  const file = path.join(dataDir, CRISIS_LINES_FILE);
  if (!existsSync(file)) return DEFAULT_CRISIS_LINES;
  try {
    return ZCrisisLineTable.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    log?.error(
      { err: error },
      `${CRISIS_LINES_FILE} is not a valid crisis-line table; the shipped one is used`,
    );
    return DEFAULT_CRISIS_LINES;
  }
}

/** The person's chosen country, else their time zone's; the lines for it, and the directory always. */
export function crisisCardFor(
  table: TCrisisLineTable,
  person: { country: string | null; timeZone: string | null },
): TCrisisCard {
  const country = person.country ?? countryFromTimeZone(person.timeZone);
  const lines: TCrisisLine[] = (country && table.countries[country]) || [];
  return { country: lines.length > 0 ? country : null, lines, directory: table.directory };
}
