// The download's failure in words a person understands.
import { describe, expect, it } from 'vitest';
import { explainError, HOST_UNREACHABLE_MESSAGE } from './model-download-manager.ts';

describe('explainError', () => {
  it('says the model host could not be reached for a name that does not resolve', async () => {
    const error = await fetch('http://kindred-no-such-host.invalid/model.gguf').catch((e: unknown) => e);
    expect(explainError(error)).toBe(HOST_UNREACHABLE_MESSAGE);
    expect(HOST_UNREACHABLE_MESSAGE).toBe('Could not reach the model host; check the internet connection');
  });

  it('keeps the server’s answer for an HTTP failure', () => {
    expect(explainError(new Error('Download failed: HTTP 500'))).toBe('Download failed: HTTP 500');
  });
});
