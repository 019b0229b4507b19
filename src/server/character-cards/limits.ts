// Size and shape limits that keep a hostile card from costing much memory or time.

export const CARD_LIMITS = {
  /** Whole uploaded file, PNG or JSON. */
  fileBytes: 8 * 1024 * 1024,
  /** Card JSON text, after base64 decoding when it came from a PNG. */
  jsonBytes: 1024 * 1024,
  /** Objects and arrays inside one another; real cards stay under 10. */
  jsonDepth: 64,
  /** A valid PNG from any real tool has a few dozen chunks at most. */
  pngChunks: 4096,
  /** An avatar carried inside a JSON card as a data: URI. */
  embeddedAvatarBytes: 4 * 1024 * 1024,
  /** The tagline shown under a character's name. */
  taglineChars: 100,
} as const;
