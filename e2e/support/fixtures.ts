// The suite's `test`: every test gets a fresh browser context (so a fresh person) on the main server.
import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login.ts';
import { expectNoAxeViolations } from './axe.ts';

export type TPerson = { email: string; name: string; password?: string; birthDate?: string };

export function newPerson(name = 'Robin Tester'): TPerson {
  return { email: `e2e-${randomBytes(5).toString('hex')}@example.com`, name };
}

type TFixtures = {
  /** Signs a new person in through the login screen and the bundled provider's page; lands on home. */
  signIn: (person?: TPerson) => Promise<TPerson>;
};

export const test = base.extend<TFixtures>({
  // Every screen the suite looks at is checked by axe-core first: a screenshot fails on any violation.
  page: async ({ page }, use) => {
    const takeScreenshot = page.screenshot.bind(page);
    page.screenshot = async (options) => {
      await expectNoAxeViolations(page, options?.path ?? page.url());
      return takeScreenshot(options);
    };
    await use(page);
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  signIn: async ({ page }, use) => {
    await use(async (person = newPerson()) => {
      await new LoginPage(page).signIn(person);
      await expect(page).toHaveURL(/\/$/);
      return person;
    });
  },
});

export { expect };

/** The session as the web app sees it, read in the page so its cookies are used. */
export async function sessionIn(page: Page) {
  return page.evaluate(async () => {
    const res = await fetch('/auth/session');
    return (await res.json()) as {
      user?: { email: string; name: string; username: string; id: number };
    } | null;
  });
}
