// Keyboard-only use: Tab to a control (every stop on the way must show where the focus is), then act.
import { expect, type Locator, type Page } from '@playwright/test';

export class KeyboardPage {
  constructor(readonly page: Page) {}

  /** The focused element's visible focus ring: its outline (or box-shadow ring), or null without one. */
  focusRing(): Promise<{ name: string; ring: string | null }> {
    return this.page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { name: 'body', ring: null };
      const style = getComputedStyle(el);
      const hasOutline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      const ring = hasOutline ? `outline ${style.outlineWidth} ${style.outlineStyle}` : null;
      const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
      return { name, ring: ring ?? (style.boxShadow !== 'none' ? style.boxShadow : null) };
    });
  }

  /** Presses Tab (or Shift+Tab) until the target has focus, checking the focus ring at every stop. */
  async tabTo(target: Locator, { backwards = false, maxStops = 150 } = {}) {
    await expect(target).toBeVisible();
    for (let stop = 0; stop < maxStops; stop++) {
      await this.page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
      const focus = await this.focusRing();
      expect(focus.ring, `no visible focus on "${focus.name}"`).not.toBeNull();
      if (await target.evaluate((el) => el === document.activeElement)) return;
    }
    throw new Error(`Tab never reached ${target}`);
  }

  async press(target: Locator, key = 'Enter', options?: { backwards?: boolean }) {
    await this.tabTo(target, options);
    await this.page.keyboard.press(key);
  }
}
