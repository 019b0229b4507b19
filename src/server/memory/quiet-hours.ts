// Waking hours: whether a check-in may be sent now in the person's time zone (CHECKIN_QUIET_HOURS).

/** '22-8' → quiet from 22:00 to 07:59; 'off' → never quiet. */
export function parseQuietHours(value: string): { start: number; end: number } | null {
  if (value === 'off') return null;
  const [start, end] = value.split('-').map(Number);
  if (start === undefined || end === undefined || Number.isNaN(start) || Number.isNaN(end)) return null;
  return { start, end };
}

export function hourIn(timeZone: string | null, now: Date): number {
  try {
    const text = new Intl.DateTimeFormat('en-GB', {
      hour: 'numeric',
      hourCycle: 'h23',
      timeZone: timeZone ?? 'UTC',
    }).format(now);
    return Number(text) % 24;
  } catch {
    return now.getUTCHours();
  }
}

export function isQuietNow(
  quiet: { start: number; end: number } | null,
  timeZone: string | null,
  now = new Date(),
): boolean {
  if (!quiet || quiet.start === quiet.end) return false;
  const hour = hourIn(timeZone, now);
  return quiet.start > quiet.end
    ? hour >= quiet.start || hour < quiet.end
    : hour >= quiet.start && hour < quiet.end;
}
