// When the model fails: a model killed mid-reply keeps its words on screen and after a reload, marked as
// cut off, with Continue and Retry; a model that is down for a moment says it did not answer (never "no
// model", never the operator's advice). The main server's fake model is switched over HTTP.
import { ControlsPage } from './pages/conversation-controls.ts';
import { expect, test } from './support/fixtures.ts';
import { desktopAndPhoneShots } from './support/screens.ts';

const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
const CUT_OFF = 'Cut off: the model stopped before the reply was finished.';
/** The fake echoes a message's first four words; it is killed after two of them. */
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;
const firstTwo = (text: string) => text.split(/\s+/).slice(0, 2).join(' ');
/** How long the server trusts its last look at whether a model is up (ai/cached-check.ts). */
const AVAILABILITY_TTL_MS = 5000;

async function setModel(mode: 'ok' | 'drop' | 'down', tokenDelayMs = 5) {
  const base = process.env.E2E_MODEL_URL!.replace(/\/v1$/, '');
  const res = await fetch(`${base}/__fake/mode`, {
    method: 'POST',
    body: JSON.stringify({ mode, tokenDelayMs }),
  });
  expect(res.ok).toBe(true);
}

test.afterEach(async () => {
  await setModel('ok');
});

test('a model killed mid-reply keeps its text, marked as cut off, after a reload too; Continue and Retry go on', async ({
  page,
  signIn,
}) => {
  await signIn();
  const chat = new ControlsPage(page);
  await chat.open(SERAPHINE.id);
  const first = 'Tell me about the northern lights';
  await setModel('drop', 30);
  await chat.send(SERAPHINE.name, first);
  const cutOff = chat.row(firstTwo(first));
  await expect(cutOff.getByText(CUT_OFF)).toBeVisible();
  await expect(chat.replies().last()).toHaveText(firstTwo(first));
  await expect(chat.conversation.getByText('could not answer')).toHaveCount(0);
  await desktopAndPhoneShots(page, 'cut-off');

  await page.reload();
  await expect(chat.replies().last()).toHaveText(firstTwo(first));
  await expect(chat.row(firstTwo(first)).getByText(CUT_OFF)).toBeVisible();
  await expect(chat.conversation.getByText('No reply was stored for this message.')).toHaveCount(0);

  // Continue: the character goes on from the words it had written; the mark goes.
  await setModel('ok');
  await chat.row(firstTwo(first)).getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(chat.conversation.getByText(CUT_OFF)).toHaveCount(0);
  await expect(chat.replies().last()).not.toHaveText(firstTwo(first));
  await expect(chat.replies().last()).toContainText(`${firstTwo(first)} `);

  // Killed again on the next message; Retry answers it anew, the cut-off version kept to swipe back to.
  const second = 'Sing me a song of the sea';
  await setModel('drop', 30);
  await chat.send(SERAPHINE.name, second);
  const row = chat.row(firstTwo(second));
  await expect(row.getByText(CUT_OFF)).toBeVisible();
  await setModel('ok');
  await row.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(chat.replies().last()).toHaveText(replyTo(second));
  await expect(chat.conversation.getByText(CUT_OFF)).toHaveCount(0);
  await expect(chat.counter(chat.lastRow())).toHaveText('2/2');
  await chat.action(chat.lastRow(), 'Previous alternative').click();
  await expect(chat.replies().last()).toHaveText(firstTwo(second));
  await expect(chat.lastRow().getByText(CUT_OFF)).toBeVisible();
});

test('a model that is down for a moment says it did not answer, keeps the message, and Retry answers once it is back', async ({
  page,
  signIn,
}) => {
  await signIn();
  const chat = new ControlsPage(page);
  await chat.open(SERAPHINE.id);
  const text = 'Are you there, Seraphine?';
  await setModel('down');
  await chat.send(SERAPHINE.name, text);
  const failure = chat.conversation.getByRole('alert');
  await expect(failure).toContainText('The model did not answer. Please try again in a moment.');
  await expect(page.getByRole('region', { name: 'No chat model' })).toHaveCount(0);
  await expect(page.getByText(/OPENAI_BASE_URL|npm run model:download|Download model/)).toHaveCount(0);
  await expect(chat.userMessages().last()).toHaveText(text);
  await desktopAndPhoneShots(page, 'model-down');

  await page.reload();
  await expect(chat.userMessages().last()).toHaveText(text);
  await setModel('ok');
  // The server looked a moment ago and found it down: it looks again after a few seconds.
  await page.waitForTimeout(AVAILABILITY_TTL_MS + 500);
  await chat.conversation.getByRole('button', { name: 'Retry', exact: true }).click();
  await expect(chat.replies().last()).toHaveText(replyTo(text));
  await expect(chat.userMessages()).toHaveCount(1);
});
