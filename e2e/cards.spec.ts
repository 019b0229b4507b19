import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import sharp from 'sharp';
import { ChatPage } from './pages/chat.ts';
import { CreateCharacterPage } from './pages/create-character.ts';
import { HomePage } from './pages/home.ts';
import { expect, sessionIn, test } from './support/fixtures.ts';

// A service worker that controls the page takes its requests past page.route (Playwright's documented
// limit): this file fakes answers with page.route, so it runs without one (installable.spec covers it).
test.use({ serviceWorkers: 'block' });

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A Character Card V2 as another app writes it, with fields Kindred has no use for. */
const v2Card = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Marlo Lamplighter',
    description: '{{char}} lights the lamps of a harbour town at dusk and knows every sailor by name.',
    personality: 'Patient, wry, a little superstitious.',
    scenario: '{{user}} meets {{char}} on the quay as the fog rolls in.',
    first_mes: '*raises the pole* Evening, {{user}}. Mind the puddles.',
    mes_example: '<START>\n{{user}}: Why so many lamps?\n{{char}}: Ships need stars they can trust.',
    creator_notes: 'Best with slow, moody scenes.',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: ['*trims a wick* Back again?'],
    tags: ['harbour', 'cozy'],
    creator: 'e2e',
    character_version: '3.1',
    extensions: {
      talkativeness: '0.4',
      other_app: { lantern: { colours: ['amber', 'green'], lit: true } },
    },
    x_unknown_field: { kept: true, note: 'sea salt ⚓ survives' },
  },
};

async function downloaded(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/** The signed-in person's own characters, read in the page so its cookies are used. */
async function ownCharacters(page: Page): Promise<{ id: number; name: string }[]> {
  const session = await sessionIn(page);
  return page.evaluate(
    async (userId) => (await fetch(`/api/character-personas/user/${userId}`)).json(),
    session?.user?.id,
  );
}

test('import a V2 JSON card, chat with it, find it under Your Characters, export it as JSON and PNG', async ({
  page,
  signIn,
}) => {
  await signIn();
  const create = new CreateCharacterPage(page);
  await create.open();
  await expect(create.importSection).toBeVisible();
  await expect(create.importSection).toContainText('PNG or JSON, Character Card V2 or V3');
  await expect(create.cardFile).toHaveAttribute('accept', '.png,.json,image/png,application/json');
  await page.screenshot({ path: 'test-results/screens/create-import-card.png' });

  // Hold the upload back a little so the busy state can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/upload/character-card', async (route) => {
    await held;
    await route.continue();
  });
  await create.cardFile.setInputFiles({
    name: 'marlo.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(v2Card)),
  });
  await expect(create.cardFile).toBeDisabled();
  await expect(create.importSection.getByRole('status')).toHaveText('Importing the card...');
  await create.importSection.screenshot({ path: 'test-results/screens/import-card-busy.png' });
  release();

  await expect(page).toHaveURL(/\/chat\/\d+$/);
  const id = Number(page.url().split('/').pop());
  expect(id).toBeGreaterThan(1000);
  await expect(page.getByRole('heading', { name: 'Marlo Lamplighter' })).toBeVisible();

  // Home lists it under 'Your Characters'.
  await page.getByRole('link', { name: 'Kindred' }).click();
  const home = new HomePage(page);
  await expect(home.yourCharacters.getByRole('link', { name: /^Marlo Lamplighter / })).toHaveAttribute(
    'href',
    `/chat/${id}`,
  );

  const chat = new ChatPage(page);
  await chat.open(id);
  await chat.exportCardButton.click();
  await expect(chat.exportMenu).toHaveAccessibleName('Export Marlo Lamplighter as a character card');
  await expect(chat.exportLink('PNG card (V2 + V3)')).toHaveAttribute(
    'href',
    `/api/character-cards/${id}?format=png&version=v3`,
  );
  await expect(chat.exportLink('JSON (V2)')).toHaveAttribute(
    'href',
    `/api/character-cards/${id}?format=json&version=v2`,
  );
  await page.screenshot({ path: 'test-results/screens/chat-export-card.png' });

  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    chat.exportLink('JSON (V3)').click(),
  ]);
  // Choosing a link closes the menu.
  await expect(chat.exportMenu).toHaveCount(0);
  expect(jsonDownload.suggestedFilename()).toMatch(/\.v3\.json$/);
  const v3 = JSON.parse((await downloaded(jsonDownload)).toString('utf8'));
  expect(v3.spec).toBe('chara_card_v3');
  expect(v3.data.name).toBe('Marlo Lamplighter');
  expect(v3.data.x_unknown_field).toEqual(v2Card.data.x_unknown_field);
  expect(v3.data.extensions).toMatchObject(v2Card.data.extensions);

  await chat.exportCardButton.click();
  const [pngDownload] = await Promise.all([
    page.waitForEvent('download'),
    chat.exportLink('PNG card (V2 + V3)').click(),
  ]);
  expect(pngDownload.suggestedFilename()).toMatch(/\.png$/);
  const png = await downloaded(pngDownload);
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  // Both cards ride along as tEXt chunks: `chara` for V2 readers, `ccv3` for V3 readers.
  expect(png.includes(Buffer.from('tEXtchara\0', 'latin1'))).toBe(true);
  expect(png.includes(Buffer.from('tEXtccv3\0', 'latin1'))).toBe(true);

  expect(await ownCharacters(page)).toHaveLength(1);
});

test('a malformed card or a picture without a card shows the server’s error and creates nothing', async ({
  page,
  signIn,
}) => {
  await signIn();
  const create = new CreateCharacterPage(page);
  await create.open();

  const files = [
    {
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"spec": "chara_card_v2", "data": {"name": "Half'),
    },
    {
      name: 'plain.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 32, height: 32, channels: 3, background: '#224466' } })
        .png()
        .toBuffer(),
    },
  ];
  for (const file of files) {
    const [response] = await Promise.all([
      page.waitForResponse('**/upload/character-card'),
      create.cardFile.setInputFiles(file),
    ]);
    expect(response.status()).toBe(400);
    const { message } = (await response.json()) as { message: string };
    expect(message.length).toBeGreaterThan(0);
    const toast = page.getByRole('status').filter({ hasText: message });
    await expect(toast).toBeVisible();
    if (file.name === 'broken.json') {
      await page.waitForTimeout(500); // Lets the toast finish sliding in, for the picture only.
      await page.screenshot({ path: 'test-results/screens/import-card-error.png' });
    }
    await expect(page).toHaveURL(/\/character\/create\/new$/);
    await expect(create.cardFile).toBeEnabled();
  }
  expect(await ownCharacters(page)).toEqual([]);
});
