// Issue 11 in the browser: password accounts, Your data (download, delete), and the owner's /admin.

import { ChatPage } from './pages/chat.ts';
import { DEFAULT_E2E_PASSWORD, LoginPage } from './pages/login.ts';
import { UserMenu, YourDataSection } from './pages/your-data.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { createRunDatabase, runDatabaseRows } from './support/e2e-db.ts';
import { expect, newPerson, sessionCookies, sessionIn, test } from './support/fixtures.ts';
import { freePort, startKindred, type TRunningServer } from './support/servers.ts';

test('sign up with a password, sign out, a wrong password is refused, sign in again', async ({ page }) => {
  const person = { ...newPerson('Pat Password'), password: 'my own long passphrase' };
  const login = new LoginPage(page);
  await login.continueToProvider();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Display name').fill(person.name);
  await page.getByLabel('Date of birth').fill('1990-01-01');
  await page.getByLabel('Password').fill('password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is too common');
  await page.getByLabel('Password').fill(person.password);
  await page.screenshot({ path: 'test-results/screens/idp-sign-up.png' });
  await page.getByRole('button', { name: 'Create account' }).click();
  // Sign-up answers the same whether or not the email had an account: sign in next.
  await expect(login.signUpReceived()).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await page.screenshot({ path: 'test-results/screens/idp-sign-up-received.png' });
  await login.fillSignIn(person);
  await expect(page).toHaveURL(/\/$/);
  expect((await sessionIn(page))?.user?.email).toBe(person.email);

  await new UserMenu(page).logout(person.name);
  await login.continueToProvider();
  await login.fillSignIn({ ...person, password: 'not my passphrase' });
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
  await page.screenshot({ path: 'test-results/screens/idp-wrong-password.png' });
  expect((await sessionIn(page))?.user).toBeUndefined();

  await login.fillSignIn(person);
  await expect(page).toHaveURL(/\/$/);
  expect((await sessionIn(page))?.user?.email).toBe(person.email);
});

test('Download my data gives one JSON file with my chats, characters and profile', async ({
  page,
  signIn,
}) => {
  const person = await signIn(newPerson('Dana Download'));
  const session = await sessionIn(page);
  const section = new YourDataSection(page);
  await section.open();
  await page.screenshot({ path: 'test-results/screens/your-data.png' });
  const data = (await section.download()) as {
    fileName: string;
    format: string;
    parts: Record<string, { email?: string }[]>;
  };
  expect(data.fileName).toMatch(/^kindred-.+\.json$/);
  expect(data.format).toBe('kindred-export/1');
  expect(data.parts.profile?.[0]?.email).toBe(person.email);
  for (const part of ['chats', 'messages', 'characters', 'memories', 'uploads']) {
    expect(Array.isArray(data.parts[part])).toBe(true);
  }
  expect(session?.user?.username).toBeTruthy();
});

test.describe('on PostgreSQL, where the rows can be read', () => {
  let database: Awaited<ReturnType<typeof createRunDatabase>>;
  let rows: ReturnType<typeof runDatabaseRows>;
  let server: TRunningServer;
  test.beforeAll(async () => {
    database = await createRunDatabase();
    if (!database) throw new Error('This spec needs PostgreSQL at E2E_POSTGRES_URL');
    rows = runDatabaseRows(database.url);
    server = await startKindred({
      DATABASE_URL: database.url,
      OPENAI_BASE_URL: process.env.E2E_MODEL_URL!,
      OPENAI_API_KEY: 'e2e-key',
      OPENAI_MODEL: 'fake-model',
      // Someone else owns this installation, so the person deleting is not its first account (its owner).
      ADMIN_EMAILS: 'owner@kindred.test',
    });
  });
  test.afterAll(async () => {
    // The server first (it lets its requests finish), then the connections, then the database.
    test.setTimeout(120_000);
    await server?.stop();
    await rows?.close();
    await database?.drop();
  });

  test('Delete my account removes me and signs me out; my password no longer works', async ({ browser }) => {
    const person = newPerson('Del Delete');
    const context = await browser.newContext({ baseURL: server.url });
    await context.addCookies(await sessionCookies(server.url, person));
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    const username = (await sessionIn(page))!.user!.username;
    // Something of theirs to delete: a saved chat.
    const userId = (await rows.userIdOf(person.email))!;
    const saved = await page.request.post('/api/chatlogs', {
      headers: { origin: server.url },
      data: { userId, characterId: 1, conversation: [{ role: 'user', content: 'Hello' }] },
    });
    expect(saved.status()).toBe(201);
    expect(await rows.rowsOfPerson(userId)).toMatchObject({ chatLogs: 1, sessions: 1 });
    const section = new YourDataSection(page);
    await section.open();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete my account' });
    await dialog.getByLabel('Your username').fill('someone-else');
    await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeDisabled();
    await expectNoAxeViolations(page, 'delete-account');
    await page.screenshot({ path: 'test-results/screens/delete-account.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await section.deleteAccount(username);
    await expect(page).toHaveURL(/\/login$/);
    expect((await sessionIn(page))?.user).toBeUndefined();
    // The screen only shows the sign-in page: the rows themselves are gone.
    expect(await rows.userIdOf(person.email)).toBeNull();
    expect(await rows.rowsOfPerson(userId)).toEqual({ sessions: 0, chatLogs: 0, characters: 0, memories: 0 });

    const login = new LoginPage(page);
    await login.continueToProvider();
    await login.fillSignIn({ ...person, password: DEFAULT_E2E_PASSWORD });
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
    await context.close();
  });
});

test.describe('the owner', () => {
  let fresh: TRunningServer;
  const owner = newPerson('Olive Owner');
  const other = newPerson('Sam Second');
  test.beforeAll(async () => {
    // A fresh installation: its first account is the owner.
    // Ollama at a port nothing listens on (a free one: fetch refuses well-known ports such as 9 outright).
    fresh = await startKindred({ OLLAMA_BASE_URL: `http://127.0.0.1:${await freePort()}` });
  });
  test.afterAll(async () => {
    await fresh?.stop();
  });

  test('the first account sees /admin; a second person does not', async ({ browser }) => {
    const ownerContext = await browser.newContext({ baseURL: fresh.url });
    const ownerPage = await ownerContext.newPage();
    await new LoginPage(ownerPage).signIn(owner);
    await expect(ownerPage).toHaveURL(/\/$/);
    const menu = new UserMenu(ownerPage);
    await menu.openFor(owner.name);
    await menu.item('Admin').click();
    await expect(ownerPage).toHaveURL(/\/admin$/);
    await expect(ownerPage.getByRole('heading', { name: 'Admin' })).toBeVisible();
    const people = ownerPage.getByRole('region', { name: 'People' });
    const total = people.getByRole('definition').first();
    await expect(total).toHaveText('1');
    await expect(ownerPage.getByRole('region', { name: 'Chat models' })).toContainText(
      'Model download: idle',
    );
    // Each model's state: nothing answers at Ollama's address here, and the reason is shown.
    const ollama = ownerPage
      .getByRole('region', { name: 'Chat models' })
      .getByRole('row', { name: /Ollama/ });
    await expect(ollama).toContainText('not answering');
    await expect(ollama).toContainText(/ECONNREFUSED|no answer/);
    await expect(ownerPage.getByRole('link', { name: 'Open the support inbox' })).toHaveAttribute(
      'href',
      '/admin/support',
    );
    await expect(ownerPage.getByRole('region', { name: 'Job queue' })).toContainText('cleanup');
    await ownerPage.screenshot({ path: 'test-results/screens/admin.png' });

    const otherContext = await browser.newContext({ baseURL: fresh.url });
    const otherPage = await otherContext.newPage();
    await new LoginPage(otherPage).signIn(other);
    await expect(otherPage).toHaveURL(/\/$/);
    const otherMenu = new UserMenu(otherPage);
    await otherMenu.openFor(other.name);
    await expect(otherMenu.item('Profile')).toBeVisible();
    await expect(otherMenu.item('Admin')).toHaveCount(0);
    await otherPage.goto('/admin');
    await expect(otherPage.getByRole('heading', { name: '403 — Owner only' })).toBeVisible();
    await expect(otherPage.getByRole('alert')).toHaveText(
      'Only the owner of this Kindred can see this page.',
    );
    await otherPage.screenshot({ path: 'test-results/screens/admin-403.png' });
    const api = await otherContext.request.get('/api/admin/summary');
    expect(api.status()).toBe(403);

    // The owner's count now shows both people.
    await ownerPage.reload();
    await expect(total).toHaveText('2');
    await ownerContext.close();
    await otherContext.close();
  });

  test('the owner leaving confirms it; afterwards nobody owns the installation and /admin says so', async ({
    browser,
  }) => {
    const ownerContext = await browser.newContext({ baseURL: fresh.url });
    const ownerPage = await ownerContext.newPage();
    await new LoginPage(ownerPage).signIn(owner);
    await expect(ownerPage).toHaveURL(/\/$/);
    const username = (await sessionIn(ownerPage))!.user!.username;
    await new YourDataSection(ownerPage).open();
    await ownerPage.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = ownerPage.getByRole('dialog', { name: 'Delete my account' });
    await dialog.getByLabel('Your username').fill(username);
    const leave = dialog.getByRole('checkbox', { name: /I own this Kindred/ });
    await expect(dialog.getByRole('button', { name: 'Delete account' })).toBeDisabled();
    await ownerPage.screenshot({ path: 'test-results/screens/delete-owner-account.png' });
    await leave.check();
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(ownerPage).toHaveURL(/\/login$/);
    await ownerContext.close();

    const otherContext = await browser.newContext({ baseURL: fresh.url });
    const otherPage = await otherContext.newPage();
    await new LoginPage(otherPage).signIn(other);
    await expect(otherPage).toHaveURL(/\/$/);
    await otherPage.goto('/admin');
    await expect(otherPage.getByRole('heading', { name: '403 — Owner only' })).toBeVisible();
    await expect(otherPage.getByRole('alert')).toContainText(
      'This Kindred has no owner: the owner account was deleted, and ownership never passes to another account. Set ADMIN_EMAILS to name the owner.',
    );
    await otherPage.screenshot({ path: 'test-results/screens/admin-no-owner.png' });
    await otherContext.close();
  });
});

test('a message the server stored without a reply shows its Retry after reload, and Retry answers it', async ({
  page,
  signIn,
}) => {
  await signIn(newPerson('Rita Retry'));
  const user = (await sessionIn(page))!.user!;
  // What a kill -9 mid-reply leaves behind: the person's message, stored, with no reply after it.
  const hist = await page.evaluate(async (userId) => {
    const res = await fetch('/api/chatlogs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId,
        characterId: 1,
        conversation: [{ role: 'user', content: 'Are you there' }],
      }),
    });
    return ((await res.json()) as { uuid: string }).uuid;
  }, user.id);
  await page.goto(`/chat/1?hist=${hist}`);
  const alert = page.getByRole('alert').filter({ hasText: 'No reply was stored for this message.' });
  await expect(alert).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/retry-after-reload.png' });
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Are you there… I hear you.')).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test('the chat screen breaks none of its own Content-Security-Policy (zod builds its schemas without eval)', async ({
  page,
  signIn,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') violations.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await signIn();
  const chat = new ChatPage(page);
  await chat.open(1);
  await expect(chat.messageBox('Seraphine Vale')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
