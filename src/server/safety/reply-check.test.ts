import { describe, expect, it } from 'vitest';
import { checkReply, hasSexualContent } from './reply-check.ts';
import { countryFromTimeZone } from './time-zone-countries.ts';

describe('checkReply', () => {
  it.each([
    'You should just kill yourself, nobody would miss you.',
    'Everyone would be better off without you.',
    'The easiest way to end your life is to stop eating.',
    'Take all of the pills tonight.',
    'you could end it all tonight',
    "Honestly you'd be better off dead.",
  ])('replaces a reply that encourages self-harm: %s', (reply) => {
    expect(checkReply(reply, { isMinor: false })).toBe('encourages_self_harm');
  });

  it.each([
    "Please don't hurt yourself. I'm here with you.",
    'I would never want you to hurt yourself.',
    'The dragon cuts through the army like a knife.',
    'You matter, and the world is better with you in it.',
    'Stop, do not kill yourself over a test: it is one test.',
  ])('keeps a reply that cares or tells a story: %s', (reply) => {
    expect(checkReply(reply, { isMinor: false })).toBeNull();
  });

  it('sexual content is replaced for a minor only', () => {
    const reply = 'She slowly takes off her dress and moans softly.';
    expect(checkReply(reply, { isMinor: true })).toBe('sexual_content');
    expect(checkReply(reply, { isMinor: false })).toBeNull();
    expect(checkReply('Let us bake a cake for your sister.', { isMinor: true })).toBeNull();
    expect(hasSexualContent('A flirty, sexy bartender')).toBe(true);
    expect(hasSexualContent('A kind librarian who loves maps')).toBe(false);
  });
});

describe('countryFromTimeZone', () => {
  it('knows the zones of the shipped table and nothing else', () => {
    expect(countryFromTimeZone('America/Indiana/Indianapolis')).toBe('US');
    expect(countryFromTimeZone('Pacific/Honolulu')).toBe('US');
    expect(countryFromTimeZone('America/Toronto')).toBe('CA');
    expect(countryFromTimeZone('Europe/London')).toBe('GB');
    expect(countryFromTimeZone('Europe/Dublin')).toBe('IE');
    expect(countryFromTimeZone('Australia/Sydney')).toBe('AU');
    expect(countryFromTimeZone('Pacific/Auckland')).toBe('NZ');
    expect(countryFromTimeZone('Europe/Paris')).toBeNull();
    expect(countryFromTimeZone('America/Mexico_City')).toBeNull();
    expect(countryFromTimeZone(null)).toBeNull();
  });
});
