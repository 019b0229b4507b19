import { describe, expect, it } from 'vitest';
import { hourIn, isQuietNow, parseQuietHours } from './quiet-hours.ts';

describe('quiet hours', () => {
  const at = (iso: string) => new Date(iso);
  it('22-8 is quiet at night in the person’s time zone and not by day', () => {
    const q = parseQuietHours('22-8');
    expect(isQuietNow(q, 'UTC', at('2026-01-10T23:30:00Z'))).toBe(true);
    expect(isQuietNow(q, 'UTC', at('2026-01-10T07:59:00Z'))).toBe(true);
    expect(isQuietNow(q, 'UTC', at('2026-01-10T08:00:00Z'))).toBe(false);
    // 12:00 UTC is 21:00 in Tokyo (awake) and 07:00 in New York (still quiet).
    expect(isQuietNow(q, 'Asia/Tokyo', at('2026-01-10T12:00:00Z'))).toBe(false);
    expect(isQuietNow(q, 'America/New_York', at('2026-01-10T12:00:00Z'))).toBe(true);
  });
  it('off never holds back; an unknown zone counts as UTC', () => {
    expect(isQuietNow(parseQuietHours('off'), 'UTC', at('2026-01-10T03:00:00Z'))).toBe(false);
    expect(hourIn('Not/AZone', at('2026-01-10T05:00:00Z'))).toBe(5);
    expect(isQuietNow(parseQuietHours('9-17'), null, at('2026-01-10T10:00:00Z'))).toBe(true);
  });
});
