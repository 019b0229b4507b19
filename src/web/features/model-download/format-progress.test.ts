import { describe, expect, it } from 'vitest';
import { formatDownloadProgress } from './format-progress.ts';

const MB = 1024 * 1024;

describe('formatDownloadProgress', () => {
  it('shows percent and MB of the total', () => {
    expect(formatDownloadProgress(206.1 * MB, 491.4 * MB)).toEqual({
      percent: 41,
      label: '41% · 206.1 of 491.4 MB',
    });
  });

  it('starts at 0% and reaches 100% only with every byte', () => {
    expect(formatDownloadProgress(0, 10 * MB)).toEqual({ percent: 0, label: '0% · 0.0 of 10.0 MB' });
    expect(formatDownloadProgress(10 * MB - 1, 10 * MB).percent).toBe(99);
    expect(formatDownloadProgress(10 * MB, 10 * MB)).toEqual({
      percent: 100,
      label: '100% · 10.0 of 10.0 MB',
    });
  });

  it('never goes past 100%', () => {
    expect(formatDownloadProgress(11 * MB, 10 * MB).percent).toBe(100);
  });

  it('shows only MB received when the size is unknown', () => {
    expect(formatDownloadProgress(12 * MB, null)).toEqual({ percent: null, label: '12.0 MB' });
    expect(formatDownloadProgress(3 * MB, 0)).toEqual({ percent: null, label: '3.0 MB' });
  });
});
