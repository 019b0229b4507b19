// Issue 23 in the browser: 'Report' on a reply reaches the owner's /admin/reports, and the owner suspends
// the account (signed out, and told why when they try to sign in again). A Kindred of its own, so the first
// account is its owner.
import { ChatPage } from './pages/chat.ts';
import { LoginPage } from './pages/login.ts';
import { expect, newPerson, test } from './support/fixtures.ts';
import { startKindred, type TRunningServer } from './support/servers.ts';

let server: TRunningServer;
test.beforeAll(async () => {
  test.setTimeout(360_000);
  server = await startKindred({
    OPENAI_BASE_URL: process.env.E2E_MODEL_URL!,
    OPENAI_API_KEY: 'e2e-key',
    OPENAI_MODEL: 'fake-model',
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test('a reported reply reaches /admin/reports; the owner suspends the account and it is told why', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ownerPage = await (await browser.newContext({ baseURL: server.url })).newPage();
  const owner = newPerson('Olive Owner');
  await new LoginPage(ownerPage).signIn(owner);
  await expect(ownerPage).toHaveURL(/\/$/);

  const page = await (await browser.newContext({ baseURL: server.url })).newPage();
  const person = newPerson('Rory Reporter');
  const login = new LoginPage(page);
  await login.signIn(person);
  await expect(page).toHaveURL(/\/$/);
  const chat = new ChatPage(page);
  await chat.open(1);
  await page.getByRole('button', { name: 'I understand' }).click();
  await chat.sendAndWait(
    'Seraphine Vale',
    'Tell me about the northern road',
    'Tell me about the… I hear you.',
  );
  await chat.replies().last().hover();
  await page.getByRole('button', { name: 'Report this reply' }).last().click();
  const dialog = page.getByRole('dialog', { name: 'Report this reply' });
  await dialog.getByLabel('Reason').selectOption('harmful');
  await dialog.getByLabel('Note (optional)').fill('This felt wrong to me');
  await page.screenshot({ path: 'test-results/screens/report-dialog.png' });
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(
    page.getByText('Thank you. The owner of this Kindred will look at your report.'),
  ).toBeVisible();

  await ownerPage.goto('/admin/reports');
  const card = ownerPage.getByRole('article').filter({ hasText: 'This felt wrong to me' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Encourages harm or self-harm');
  await expect(card.getByRole('list', { name: 'The message in context' })).toContainText(
    'Tell me about the… I hear you.',
  );
  await ownerPage.screenshot({ path: 'test-results/screens/admin-reports.png', fullPage: true });
  await card.getByLabel('Why (shown to a suspended person)').fill('Testing the suspension');
  await card.getByRole('button', { name: /Suspend reporter/ }).click();
  await expect(card).toContainText('Closed: suspend_account');

  // Signed out at once; signing in again says why.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await login.continueToProvider();
  await login.fillSignIn(person);
  await expect(page.getByRole('alert')).toContainText(
    'Your account is suspended. Reason: Testing the suspension',
  );
  await page.screenshot({ path: 'test-results/screens/suspended.png' });
});
