import sharp from 'sharp';
import { CreateCharacterPage } from './pages/create-character.ts';
import { HomePage } from './pages/home.ts';
import { SearchPage } from './pages/search.ts';
import { Sidebar } from './pages/sidebar.ts';
import { expect, newPerson, test } from './support/fixtures.ts';

// A service worker that controls the page takes its requests past page.route (Playwright's documented
// limit): this file fakes answers with page.route, so it runs without one (installable.spec covers it).
test.use({ serviceWorkers: 'block' });

test('home greets the person and shows three banners of four, every card linking to its chat', async ({
  page,
  signIn,
}) => {
  await signIn(newPerson('Ada Lovelace'));
  const home = new HomePage(page);
  await expect(home.greeting('Ada Lovelace')).toBeVisible();
  await expect(home.tagline).toBeVisible();
  await expect(home.yourCharacters).toHaveCount(0);
  await expect(home.banners).toHaveCount(3);
  for (const banner of await home.banners.all()) {
    await expect(banner.getByRole('link')).toHaveCount(4);
  }
  const hrefs = await page
    .getByRole('main')
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toHaveLength(12);
  for (const href of hrefs) expect(href).toMatch(/^\/chat\/\d+$/);
  await expect(home.characterCard('Ganondorf')).toBeVisible();
  // Every avatar and banner picture actually loaded.
  await expect
    .poll(() =>
      page
        .getByRole('main')
        .locator('img')
        .evaluateAll((imgs) =>
          imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0),
        ),
    )
    .toBe(true);
  // The screen scrolls inside the app frame, so a tall window shows all of it.
  await page.setViewportSize({ width: 1280, height: 1500 });
  await page.screenshot({ path: 'test-results/screens/home.png' });

  await home.characterCard('Ganondorf').click();
  await expect(page).toHaveURL(/\/chat\/2$/);
});

test('the sidebar lists the cast and its search reaches /search, with and without results', async ({
  page,
  signIn,
}) => {
  await signIn();
  const sidebar = new Sidebar(page);
  const search = new SearchPage(page);
  await expect(sidebar.featured).toHaveCount(18);
  await expect(sidebar.nav.getByRole('link', { name: 'Kindred' })).toHaveAttribute('href', '/');

  // Blank text does not search.
  await sidebar.searchFor('   ');
  await expect(page).toHaveURL(/\/$/);

  await sidebar.searchFor('  ganon ');
  await expect(page).toHaveURL(/\/search\?q=ganon$/);
  await expect(search.results).toHaveCount(1);
  await expect(search.results.first()).toContainText('Ganondorf');
  await expect(search.results.first()).toHaveAttribute('href', '/chat/2');

  await sidebar.searchFor('E');
  await expect(page).toHaveURL(/\/search\?q=E$/);
  // More than five matches; a retrying assertion, since the results arrive after the address changes.
  await expect(search.results.nth(5)).toBeVisible();

  await sidebar.searchFor('Nobody by this name');
  await expect(page).toHaveURL(/\/search\?q=Nobody%20by%20this%20name$/);
  await expect(search.noResults).toBeVisible();
  await expect(search.tryAgain).toBeVisible();

  // The box follows q, also when the address changes without typing.
  await search.open('rook & co');
  await expect(sidebar.search).toHaveValue('rook & co');
  await page.goBack();
  await expect(sidebar.search).toHaveValue('Nobody by this name');
});

test('create a character with an uploaded picture, land in its chat, find it under Your Characters', async ({
  page,
  signIn,
}) => {
  const person = await signIn(newPerson('Grace Hopper'));
  const sidebar = new Sidebar(page);
  await sidebar.createLink.click();
  const create = new CreateCharacterPage(page);
  await expect(create.heading).toBeVisible();
  await expect(page.getByText('grace_hopper')).toBeVisible();
  await expect(page.getByText(person.email)).toBeVisible();

  await expect(create.name).toHaveAttribute('maxlength', '20');
  await expect(create.tagline).toHaveAttribute('maxlength', '100');
  await expect(create.description).toHaveAttribute('maxlength', '1000');
  await create.name.fill('A name that is far too long for the field');
  await expect(create.name).toHaveValue('A name that is far t');

  // The voice preview needs both texts; then it is busy while the voice is generated.
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await create.previewButton.click();
  await expect.poll(() => logs).toContain('Text and voice description are required');
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The real call, held until the busy state has been seen.
  await page.route('**/api/voice/create', async (route) => {
    expect(route.request().postDataJSON()).toMatchObject({
      text: 'Hello there',
      voice_description: 'warm and low',
    });
    await held;
    await route.continue();
  });
  await create.sampleText.fill('Hello there');
  await create.voiceDescription.fill('warm and low');
  await create.previewButton.click();
  await expect(page.getByRole('button', { name: 'Generating Voice' })).toBeDisabled();
  release();
  const stop = page.getByRole('button', { name: '⏹️ Stop Voice' });
  await expect(stop).toBeVisible();
  await stop.click();
  await expect(page.getByRole('button', { name: '🔊 Preview Voice' })).toBeEnabled();

  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c0563b' } })
    .png()
    .toBuffer();
  await create.name.fill('Captain Nimbus');
  await create.tagline.fill('Sails the cloud sea on a paper boat');
  await create.description.fill(
    'You are Captain Nimbus, a cheerful sky sailor who tells {{userName}} about storms.',
  );
  await create.avatar.setInputFiles({ name: 'nimbus.png', mimeType: 'image/png', buffer: png });
  await expect(create.avatarPreview).toBeVisible();
  await create.voice.fill('slt');
  await page.setViewportSize({ width: 1280, height: 1300 });
  await page.screenshot({ path: 'test-results/screens/create-character.png' });

  await create.save.click();
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  const id = Number(page.url().split('/').pop());
  expect(id).toBeGreaterThan(1000);

  const persona = await page.evaluate(async (characterId) => {
    const res = await fetch(`/api/character-personas/${characterId}`);
    return (await res.json())[0];
  }, id);
  expect(persona).toMatchObject({ name: 'Captain Nimbus', voiceId: 'slt', memoryDisabled: false });
  expect(persona.avatarUrl).toMatch(/^\/media\/avatars\/[0-9a-f]+\.webp$/);
  expect(persona.description).toMatch(/^Role-play instructions:[\s\S]*You are Captain Nimbus/);

  await page.getByRole('link', { name: 'Kindred' }).click();
  const home = new HomePage(page);
  await expect(home.yourCharacters).toBeVisible();
  const card = home.yourCharacters.getByRole('link', { name: /^Captain Nimbus / });
  await expect(card).toHaveAttribute('href', `/chat/${id}`);
  await expect(card.locator('img')).toHaveJSProperty('naturalWidth', 512);
});

test('Save without a picture creates nothing', async ({ page, signIn }) => {
  await signIn();
  const create = new CreateCharacterPage(page);
  await create.open();
  await create.name.fill('No Picture');
  await create.tagline.fill('Forgot the avatar');
  await create.description.fill('Someone without a face.');
  const logs: string[] = [];
  page.on('console', (m) => logs.push(m.text()));
  await create.save.click();
  await expect.poll(() => logs.join('\n')).toContain('Failed to create character');
  await expect(page).toHaveURL(/\/character\/create\/new$/);
  const own = await page.evaluate(async () => {
    const session = await (await fetch('/auth/session')).json();
    return (await fetch(`/api/character-personas/user/${session.user.id}`)).json();
  });
  expect(own).toEqual([]);
});

test('the user menu opens, closes on an outside click, and Profile and Logout work; the sidebar collapses and reopens', async ({
  page,
  signIn,
}) => {
  await signIn(newPerson('Alan Turing'));
  const sidebar = new Sidebar(page);
  await expect(sidebar.nav).toHaveCSS('width', '256px');

  await sidebar.userButton(/Alan Turing/).click();
  await expect(sidebar.menu).toBeVisible();
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect(sidebar.menu).toHaveCount(0);

  await sidebar.userButton(/Alan Turing/).click();
  await sidebar.menuItem('Profile').click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(sidebar.menu).toHaveCount(0);

  await sidebar.collapseButton.click();
  await expect(sidebar.nav).toHaveCount(0);
  await page.reload();
  await expect(sidebar.reopenButton).toBeVisible();
  await sidebar.reopenButton.click();
  await expect(sidebar.nav).toBeVisible();

  await sidebar.userButton(/Alan Turing/).click();
  await sidebar.menuItem('Logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});
