// Shortens imported text to Kindred's limits the way the card exporter recognises: kept start + '…'.

/** At most `limit` UTF-16 units (what the length checks count), never splitting a character. */
export function cutText(text: string, limit: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= limit) return trimmed;
  let kept = '';
  for (const ch of trimmed) {
    if (kept.length + ch.length > limit - 1) break;
    kept += ch;
  }
  return `${kept.trimEnd()}…`;
}
