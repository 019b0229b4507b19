// Issue 23, minors, in the browser: the date of birth asked once after a Google sign-in (and no account
// when too young), the 18+ mark on the create form and what a person under 18 is refused there, and the
// three-hour break reminder on a server whose clock the test moves forward.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { ChatPage } from './pages/chat.ts';
import { CreateCharacterPage } from './pages/create-character.ts';
import { LoginPage } from './pages/login.ts';
import { SearchPage } from './pages/search.ts';
import { Sidebar } from './pages/sidebar.ts';
import { expect, newPerson, sessionIn, test } from './support/fixtures.ts';
import { startKindred, type TRunningServer } from './support/servers.ts';

const yearsAgo = (years: number) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

const BIRTH_DATE_TITLE = 'What is your date of birth?';

async function googlePage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: process.env.E2E_GOOGLE_URL, viewport });
  return context.newPage();
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`Google sign-in: the date of birth is asked once before anything else (${label})`, async ({
    browser,
  }) => {
    const page = await googlePage(browser, viewport);
    const person = newPerson('Gina Google');
    await new LoginPage(page).signIn(person, 'Continue with Google');
    await expect(page).toHaveURL(/\/birth-date$/);
    await expect(page.getByRole('heading', { name: BIRTH_DATE_TITLE })).toBeVisible();
    await expect(page.getByText('no characters marked 18+')).toBeVisible();
    await page.screenshot({ path: `test-results/screens/birth-date-${label}.png` });
    // Nothing else opens first.
    await page.goto('/chat/1');
    await expect(page).toHaveURL(/\/birth-date$/);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter your date of birth');
    await page.getByLabel('Date of birth').fill('1991-06-15');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await sessionIn(page))?.user).toMatchObject({ email: person.email, needsBirthDate: false });
    // Asked once: the screen sends people home from now on.
    await page.goto('/birth-date');
    await expect(page).toHaveURL(/\/$/);
    await page.context().close();
  });
}

test('Google sign-in under MIN_AGE: no account, and the person is told why', async ({ browser }) => {
  const page = await googlePage(browser, { width: 1280, height: 800 });
  await new LoginPage(page).signIn(newPerson('Kit Young'), 'Continue with Google');
  await expect(page).toHaveURL(/\/birth-date$/);
  await page.getByLabel('Date of birth').fill(yearsAgo(10));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Kindred is for people aged 13 and over. Your account has been deleted.',
  );
  await page.screenshot({ path: 'test-results/screens/birth-date-too-young.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/birth-date-too-young-phone.png' });
  expect(await sessionIn(page)).toBeNull();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.context().close();
});

async function fillCharacter(page: Page, description: string) {
  const create = new CreateCharacterPage(page);
  await create.open();
  await expect(create.heading).toBeVisible();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3b6fc0' } })
    .png()
    .toBuffer();
  await create.name.fill('Marlow');
  await create.tagline.fill('Runs the night market');
  await create.description.fill(description);
  await create.avatar.setInputFiles({ name: 'marlow.png', mimeType: 'image/png', buffer: png });
  await expect(create.avatarPreview).toBeVisible();
  return create;
}

test('the 18+ mark: an adult sets it on the create form and finds it on the edit form', async ({
  page,
  signIn,
}) => {
  await signIn();
  const create = await fillCharacter(page, 'You are Marlow, who sells lanterns to {{userName}}.');
  const mark = page.getByLabel('18+ (hidden from people under 18)');
  await mark.check();
  await page.screenshot({ path: 'test-results/screens/create-character-18plus.png' });
  await create.save.click();
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  const id = page.url().split('/').at(-1);
  await page.goto(`/character/${id}/edit`);
  await expect(page.getByLabel('18+ (hidden from people under 18)')).toBeChecked();
});

test('a person under 18: no 18+ mark offered, and sexual content in a character is refused with a reason', async ({
  page,
  signIn,
}) => {
  await signIn({ ...newPerson('Tess Teen'), birthDate: yearsAgo(15) });
  const create = await fillCharacter(page, 'You are Marlow. You are naked and aroused.');
  await expect(page.getByLabel('18+ (hidden from people under 18)')).toHaveCount(0);
  await create.save.click();
  await expect(page.getByRole('alert')).toHaveText(
    'This character has sexual content, which Kindred does not allow for people under 18. Change the words and try again.',
  );
  await expect(page).toHaveURL(/\/character\/create\/new$/);
  await page.screenshot({ path: 'test-results/screens/create-character-minor-refused.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('alert').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screens/create-character-minor-refused-phone.png' });
});

test.describe("a Kindred of its own: the owner's 18+ cast and the three-hour break reminder", () => {
  let server: TRunningServer;
  let clockFile: string;
  test.beforeAll(async () => {
    test.setTimeout(360_000);
    clockFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'kindred-clock-')), 'offset');
    server = await startKindred({
      OPENAI_BASE_URL: process.env.E2E_MODEL_URL!,
      OPENAI_API_KEY: 'e2e-key',
      OPENAI_MODEL: 'fake-model',
      FAKE_CLOCK_FILE: clockFile,
      NODE_OPTIONS: `--import ${path.resolve(import.meta.dirname, 'support/fake-clock.ts')}`,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** Moves the server's clock to `minutes` after the test began (it watches the file every 20 ms). */
  async function setClock(minutes: number) {
    writeFileSync(clockFile, String(minutes * 60_000));
    await new Promise((r) => setTimeout(r, 250));
  }

  // First on this server: the first account made is its owner.
  test('the owner marks a built-in character 18+ on /admin; a 15-year-old no longer finds it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const owner = await (await browser.newContext({ baseURL: server.url })).newPage();
    await new LoginPage(owner).signIn(newPerson('Olive Owner'));
    await expect(owner).toHaveURL(/\/$/);
    await owner.goto('/admin');
    const panel = owner.getByRole('region', { name: '18+ characters' });
    await panel.getByLabel('Rook: 18+').check();
    await expect(panel.getByLabel('Rook: 18+')).toBeChecked();
    await owner.reload();
    await expect(panel.getByLabel('Rook: 18+')).toBeChecked();
    await panel.scrollIntoViewIfNeeded();
    await owner.screenshot({ path: 'test-results/screens/admin-18plus-cast.png' });
    await owner.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await owner.screenshot({ path: 'test-results/screens/admin-18plus-cast-phone.png' });
    // The adult owner still sees Rook.
    await owner.setViewportSize({ width: 1280, height: 800 });
    await owner.goto('/');
    await expect(new Sidebar(owner).featured.filter({ hasText: 'Rook' })).toHaveCount(1);

    const teen = await (await browser.newContext({ baseURL: server.url })).newPage();
    await new LoginPage(teen).signIn({ ...newPerson('Tara Teen'), birthDate: yearsAgo(15) });
    await expect(teen).toHaveURL(/\/$/);
    const sidebar = new Sidebar(teen);
    await expect(sidebar.featured.filter({ hasText: 'Seraphine Vale' })).toHaveCount(1);
    await expect(sidebar.featured.filter({ hasText: 'Rook' })).toHaveCount(0);
    const search = new SearchPage(teen);
    await search.open('Rook');
    await expect(search.noResults).toBeVisible();
    await owner.context().close();
    await teen.context().close();
  });

  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`a 15-year-old chatting for three hours gets the reminder with the next reply (${label})`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      await setClock(0);
      const page = await (await browser.newContext({ baseURL: server.url, viewport })).newPage();
      await new LoginPage(page).signIn({ ...newPerson('Theo Teen'), birthDate: yearsAgo(15) });
      await expect(page).toHaveURL(/\/$/);
      const chat = new ChatPage(page);
      await chat.open(1);
      await page.getByRole('button', { name: 'I understand' }).click();
      const reminder = page.getByText(
        'You have been chatting for a while. Remember that Seraphine Vale is an AI',
      );
      // A message every 25 minutes is one run of chatting: no reminder before three hours.
      for (let minute = 0; minute <= 175; minute += 25) {
        await setClock(minute);
        await chat.send('Seraphine Vale', `Still here at minute ${minute}`);
        await expect(chat.userMessages().last()).toHaveText(`Still here at minute ${minute}`);
        await expect(chat.messageBox('Seraphine Vale')).toBeEnabled();
        await expect(reminder).toHaveCount(0);
      }
      await setClock(180);
      await chat.send('Seraphine Vale', 'Three hours now');
      await expect(reminder).toBeVisible();
      await expect(page.getByText('This is a good moment to take a break')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/break-reminder-${label}.png` });
      await page.context().close();
    });
  }
});
