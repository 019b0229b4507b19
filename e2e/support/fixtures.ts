// The suite's `test`: every test gets a fresh browser context (so a fresh person) on the main server.
// People sign in through the provider's forms over HTTP (as the browser would post them) and the browser
// gets their cookies; the sign-in specs go through the screens (`signInThroughUi`). `signedInTest` runs in
// the session of one person per worker, signed in once (Playwright storage state), for tests that need
// someone signed in but no fresh account.
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { signInThroughProvider } from '../../src/test-support/sign-in-flow.ts';
import { LoginPage } from '../pages/login.ts';
import { expectNoAxeViolations } from './axe.ts';

export type TPerson = { email: string; name: string; password?: string; birthDate?: string };

export function newPerson(name = 'Robin Tester'): TPerson {
  return { email: `e2e-${randomBytes(5).toString('hex')}@example.com`, name };
}

/** Signs the person in over HTTP (creating the account when the email is new): their session's cookies. */
export async function sessionCookies(baseURL: string, person: TPerson) {
  const jar = await signInThroughProvider(baseURL, person);
  return [...jar].map(([name, value]) => ({ name, value, url: baseURL }));
}

type TFixtures = {
  /** Signs a new person (or the one given) in, without the sign-in screens; lands on home. */
  signIn: (person?: TPerson) => Promise<TPerson>;
  /** Signs a new person in through the login screen and the bundled provider's page; lands on home. */
  signInThroughUi: (person?: TPerson) => Promise<TPerson>;
};

type TWorkerFixtures = {
  /** The storage state file of this worker's one signed-in person (signed in once per worker). */
  workerStorageState: string;
};

export const test = base.extend<TFixtures, TWorkerFixtures>({
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
  signIn: async ({ page, baseURL }, use) => {
    await use(async (person = newPerson()) => {
      await page.context().addCookies(await sessionCookies(baseURL!, person));
      await page.goto('/');
      await expect(page).toHaveURL(/\/$/);
      return person;
    });
  },
  signInThroughUi: async ({ page }, use) => {
    await use(async (person = newPerson()) => {
      await new LoginPage(page).signIn(person);
      await expect(page).toHaveURL(/\/$/);
      return person;
    });
  },
  workerStorageState: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = process.env.E2E_BASE_URL!;
      const file = path.join(
        workerInfo.project.outputDir,
        '.auth',
        `worker-${workerInfo.parallelIndex}.json`,
      );
      mkdirSync(path.dirname(file), { recursive: true });
      const context = await browser.newContext({ baseURL });
      await context.addCookies(await sessionCookies(baseURL, newPerson('Worker Person')));
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker' },
  ],
});

/** The suite's `test` in the session of this worker's one person: for tests that need no fresh account. */
export const signedInTest = test.extend({
  storageState: ({ workerStorageState }, use) => use(workerStorageState),
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
