import { describe, expect, it } from 'vitest';

describe('runtime', () => {
  // npm scripts put the `node` devDependency (Node 24) first on PATH; a bin started directly would not.
  it('runs on Node 24', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });
});
