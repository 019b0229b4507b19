// Voice in the browser: every audio element the page plays is recorded, so tests can ask which are playing.
import type { Page } from '@playwright/test';

/** Call before the page loads: records each audio element when it starts to play. */
export async function trackAudio(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __audios: HTMLMediaElement[];
      __audioEvents: { src: string; type: string; at: number }[];
    };
    w.__audios = [];
    w.__audioEvents = [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      w.__audios.push(this);
      for (const type of ['playing', 'ended', 'pause']) {
        this.addEventListener(type, () =>
          w.__audioEvents.push({ src: new URL(this.src).pathname, type, at: performance.now() }),
        );
      }
      return play.call(this);
    };
  });
}

/** The sources of the audio elements that are playing now (not paused, not ended, time moving). */
export function playingAudio(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __audios: HTMLMediaElement[] }).__audios
      .filter((a) => !a.paused && !a.ended && a.currentTime > 0)
      .map((a) => new URL(a.src).pathname),
  );
}

/** Every source the page has started to play, in order. */
export function playedAudio(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __audios: HTMLMediaElement[] }).__audios.map((a) => new URL(a.src).pathname),
  );
}

/** When each clip started playing and when it ended, in the order the page played them. */
export function audioTimeline(page: Page): Promise<{ src: string; type: string; at: number }[]> {
  return page.evaluate(
    () => (window as unknown as { __audioEvents: { src: string; type: string; at: number }[] }).__audioEvents,
  );
}
