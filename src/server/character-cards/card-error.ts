// The one error type of the character-card library; callers map its code to an HTTP reply.

export type TCardErrorCode = 'card_malformed' | 'card_too_large' | 'card_unsupported';

export class CardError extends Error {
  readonly code: TCardErrorCode;

  constructor(code: TCardErrorCode, message: string) {
    super(message);
    this.name = 'CardError';
    this.code = code;
  }
}
