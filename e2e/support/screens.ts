// Screenshots of a screen at desktop and phone size, for a person to look at.
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * The screen as it is, then at 390x844 with the chat panel closed, as a person on a phone would see it,
 * then back to `desktop`. A phone shows the menu button in place of the sidebar once React has seen the
 * new width: waiting for it first (looking for the sidebar's own button raced its removal).
 */
export async function desktopAndPhoneShots(page: Page, name: string, desktop = { width: 1280, height: 900 }) {
  await page.screenshot({ path: `test-results/screens/${name}.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Open menu', exact: true })).toBeVisible();
  const closePanel = page.getByRole('button', { name: 'Close panel', exact: true });
  if (await closePanel.isVisible()) await closePanel.click();
  await page.screenshot({ path: `test-results/screens/${name}-phone.png` });
  await page.setViewportSize(desktop);
}
