// Where uploaded files (avatars, audio) live: one small interface, chosen once from config at start-up.

export type TStorage = {
  readonly kind: 'local' | 's3';
  /** Stores bytes under a server-chosen key and returns the URL the browser loads them from. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The bytes behind a URL this storage returned, or null when it is not ours or is gone. */
  read(url: string): Promise<Buffer | null>;
  /** Removes a stored file by the URL put() returned; a missing file is not an error. */
  remove(url: string): Promise<void>;
  /** Whether a URL points at a file this storage could have written. */
  owns(url: string): boolean;
};

/** Keys are made by the server, but a bad one must never escape the storage root. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i.test(key) || key.includes('..')) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
