// Phone-sized screens: the menu bar and its drawer, a finger swipe, and layout checks (sideways scroll,
// touch-target sizes) that every screen must pass.
import { expect, type Locator, type Page } from '@playwright/test';

export const TOUCH_TARGET_PX = 44;

export class PhonePage {
  constructor(readonly page: Page) {}

  get menuButton() {
    return this.page.getByRole('button', { name: 'Open menu' });
  }

  get menu() {
    return this.page.getByRole('dialog', { name: 'Menu' });
  }

  get sidebar() {
    return this.page.getByRole('navigation', { name: 'Sidebar' });
  }

  async openMenu() {
    await this.menuButton.click();
    await expect(this.sidebar).toBeInViewport({ ratio: 1 });
  }

  /** The page's width beyond the screen's: 0 when nothing scrolls sideways. */
  async sidewaysOverflow(): Promise<number> {
    return this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
  }

  /** Visible controls smaller than 44x44 px (text links inside a paragraph are exempt), as "name: WxH". */
  async smallTargets(): Promise<string[]> {
    return this.page.evaluate((min) => {
      const controls = document.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type=hidden]), select, textarea, [role=switch], [role=menuitem]',
      );
      const small: string[] = [];
      for (const el of controls) {
        if (el.closest('p') && el.tagName === 'A') continue;
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const isShown = box.width > 1 && box.height > 1 && style.visibility !== 'hidden';
        if (!isShown || el.closest('[aria-hidden=true], .sr-only')) continue;
        // Checkboxes and file inputs are styled through their labels.
        if (el instanceof HTMLInputElement && ['checkbox', 'radio'].includes(el.type)) continue;
        if (Math.round(box.width) < min || Math.round(box.height) < min) {
          const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
          small.push(`${name.slice(0, 40)}: ${Math.round(box.width)}x${Math.round(box.height)}`);
        }
      }
      return small;
    }, TOUCH_TARGET_PX);
  }

  /** Fits the screen: no sideways scrolling and no control under 44 px. */
  async expectFits(screen: string) {
    expect(await this.sidewaysOverflow(), `${screen} scrolls sideways`).toBe(0);
    expect(await this.smallTargets(), `${screen} has controls under 44 px`).toEqual([]);
  }

  /** A one-finger horizontal swipe across the element's middle, through the DevTools protocol. */
  async swipe(target: Locator, direction: 'left' | 'right') {
    const box = await target.boundingBox();
    if (!box) throw new Error('Nothing to swipe on');
    const y = box.y + box.height / 2;
    const from = direction === 'left' ? box.x + box.width * 0.8 : box.x + box.width * 0.2;
    const to = direction === 'left' ? from - 120 : from + 120;
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
    for (let step = 1; step <= 4; step++) {
      const x = from + ((to - from) * step) / 4;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }
}
