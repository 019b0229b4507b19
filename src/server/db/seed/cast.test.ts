import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BANNERS, CAST, castInDisplayOrder } from './cast.ts';

const publicDir = fileURLToPath(new URL('../../../../public/', import.meta.url));
const FLITE_VOICES = ['slt', 'rms', 'awb', 'kal16'];

describe('built-in cast', () => {
  it('has 18 members with unique ids 1..18 and unique kebab-case slugs', () => {
    expect(CAST).toHaveLength(18);
    expect(CAST.map((m) => m.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(new Set(CAST.map((m) => m.slug)).size).toBe(18);
    for (const m of CAST) expect(m.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(CAST.map((m) => m.name)).size).toBe(18);
  });

  it('keeps every text within the limits the screens and prompts expect', () => {
    for (const m of CAST) {
      expect(m.name.length, m.slug).toBeLessThanOrEqual(20);
      expect(m.tagline.length, m.slug).toBeLessThanOrEqual(100);
      expect(m.description.length, m.slug).toBeGreaterThanOrEqual(600);
      expect(m.description.length, m.slug).toBeLessThanOrEqual(1000);
      expect(m.description, m.slug).toMatch(/^You are /);
      expect(m.greeting.trim().length, m.slug).toBeGreaterThan(0);
      expect(m.voiceDescription.trim().length, m.slug).toBeGreaterThan(0);
      expect(FLITE_VOICES, m.slug).toContain(m.voiceId);
    }
  });

  it('features exactly 4 characters in each banner group, in distinct orders', () => {
    for (const group of [0, 1, 2] as const) {
      const members = CAST.filter((m) => m.featuredGroup === group);
      expect(members).toHaveLength(4);
      expect(new Set(members.map((m) => m.featuredOrder)).size).toBe(4);
    }
    expect(CAST.filter((m) => m.featuredGroup === null)).toHaveLength(6);
  });

  it('disables memory for Ganondorf and Thanos and nobody else', () => {
    const disabled = CAST.filter((m) => m.memoryDisabled).map((m) => m.name);
    expect(disabled.sort()).toEqual(['Ganondorf', 'Thanos']);
  });

  it('lists the sidebar by banner group, then the sidebar-only characters, each by order', () => {
    const ordered = castInDisplayOrder();
    expect(ordered).toHaveLength(18);
    const keys = ordered.map((m) => [m.featuredGroup ?? 3, m.featuredOrder] as const);
    for (let i = 1; i < keys.length; i++) {
      const [g0, o0] = keys[i - 1]!;
      const [g1, o1] = keys[i]!;
      expect(g0 < g1 || (g0 === g1 && o0 < o1)).toBe(true);
    }
    expect(ordered[0]!.featuredGroup).toBe(0);
    expect(ordered[17]!.featuredGroup).toBeNull();
  });
});

describe('cast artwork', () => {
  it('has an avatar file under public/ for every cast member', () => {
    for (const m of CAST) {
      expect(m.avatarUrl).toBe(`/cast/avatars/${m.slug}.svg`);
      expect(existsSync(publicDir + m.avatarUrl.slice(1)), m.avatarUrl).toBe(true);
    }
  });

  it('has one banner per group, each with a background file under public/', () => {
    expect(BANNERS.map((b) => b.group)).toEqual([0, 1, 2]);
    for (const b of BANNERS) {
      expect(b.title.trim().length).toBeGreaterThan(0);
      expect(existsSync(publicDir + b.backgroundUrl.slice(1)), b.backgroundUrl).toBe(true);
    }
  });

  it('ships the default logo and the login media', () => {
    for (const file of [
      'logo.svg',
      'video/login-loop.mp4',
      'video/login-loop.webm',
      'video/login-poster.jpg',
    ]) {
      expect(existsSync(publicDir + file), file).toBe(true);
    }
  });
});
