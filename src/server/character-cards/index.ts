// Character Card V1/V2/V3 import and export: pure functions over bytes, no HTTP and no database.

export type { TAvatarMime, TCardAvatar } from './card-avatar.ts';
export { CardError, type TCardErrorCode } from './card-error.ts';
export { type TCardV3Data, ZCardV3Data } from './card-schema.ts';
export type { TExportableCharacter, TImportedCard } from './card-types.ts';
export { bookFromCard, bookToCard, type TCodecBook, type TCodecEntry } from './character-book.ts';
export { CARD_LIMITS } from './limits.ts';
export { parseCard } from './parse-card.ts';
export { parseWorldInfo, writeWorldInfo } from './world-info.ts';
export { writeCardJson, writeCardPng } from './write-card.ts';
