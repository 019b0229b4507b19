// The installable app: a manifest and icons from the brand art, a service worker that Chromium's
// installability checks accept, the offline page, and nothing personal in its caches.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { ChatPage } from './pages/chat.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { startKindred } from './support/servers.ts';

const SERAPHINE = { id: 1, name: 'Seraphine Vale' };
const replyTo = (text: string) => `${text.split(/\s+/).slice(0, 4).join(' ')}… I hear you.`;

/** Waits until the service worker is active and controls the page (the first load is not controlled). */
async function controlledBy(page: import('@playwright/test').Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .not.toBeNull();
  return (await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)) as string;
}

/** Every URL path in the service worker's caches. */
function cachedPaths(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const key of await caches.keys()) {
      const cache = await caches.open(key);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

test("installable: the manifest, its icons and the service worker pass Chromium's checks", async ({
  page,
}) => {
  await page.goto('/login');
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({
    name: 'Kindred',
    short_name: 'Kindred',
    start_url: '/',
    display: 'standalone',
    theme_color: '#0f1020',
    background_color: '#0f1020',
  });
  const sizes: string[] = [];
  for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
    const res = await page.request.get(icon.src);
    expect(res.ok(), icon.src).toBe(true);
    if (icon.sizes === 'any') continue;
    const { width, height } = await sharp(await res.body()).metadata();
    expect(`${width}x${height}`).toBe(icon.sizes);
    sizes.push(`${icon.sizes} ${icon.purpose}`);
  }
  expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

  expect(await controlledBy(page)).toMatch(/\/sw\.js$/);

  // Chromium never offers to install from an incognito profile (every test context is one): the check
  // runs in a profile of its own.
  const profile = await chromium.launchPersistentContext(
    mkdtempSync(path.join(os.tmpdir(), 'kindred-install-')),
    test.info().project.use.launchOptions,
  );
  try {
    const installPage = profile.pages()[0] ?? (await profile.newPage());
    await installPage.goto(new URL('/login', page.url()).href);
    await controlledBy(installPage);
    const cdp = await profile.newCDPSession(installPage);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await profile.close();
  }
});

test('offline: a navigation shows the offline page; API answers, media and pages are never cached', async ({
  page,
  context,
  signIn,
}) => {
  await signIn();
  await controlledBy(page);
  // Use the app: pages, the session, a persona and its avatar, a sent message and its reply.
  const chat = new ChatPage(page);
  await chat.open(SERAPHINE.id);
  const text = 'The lanterns went out at midnight';
  await chat.sendAndWait(SERAPHINE.name, text, replyTo(text));
  await page.goto('/profile');
  await expect(page.getByText('Free Tier')).toBeVisible();

  const cached = await cachedPaths(page);
  expect(cached).toContain('/offline.html');
  expect(cached.some((p) => p.startsWith('/assets/'))).toBe(true);
  for (const path of cached) {
    expect(path).toMatch(
      /^\/(assets\/[\w.-]+|offline\.html|manifest\.webmanifest|logo\.svg|icons\/[\w-]+\.png)$/,
    );
  }

  await context.setOffline(true);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/offline.png' });
  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Welcome back/)).toBeVisible();
});

/** The names of the service worker's caches (one per version: kindred-<version>). */
function cacheNames(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() => caches.keys());
}

test("a new deploy: the next load installs its service worker and 'New version: reload' brings it in", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A Kindred of its own serving a copy of the build, so a deploy can replace its files.
  const web = mkdtempSync(path.join(os.tmpdir(), 'kindred-web-'));
  cpSync(path.resolve(import.meta.dirname, '../dist'), web, { recursive: true });
  const server = await startKindred({ WEB_DIR: web });
  const context = await browser.newContext({ baseURL: server.url });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await controlledBy(page);
    const firstCache = (await cacheNames(page))[0] ?? '';
    expect(firstCache).toMatch(/^kindred-\w+$/);
    // A first install is no update: no toast.
    await page.reload();
    await expect(page.getByRole('button', { name: /Continue with/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New version: reload' })).toHaveCount(0);

    // The deploy: a worker with another version (what a build with changed files writes).
    const worker = readFileSync(path.join(web, 'sw.js'), 'utf8');
    const oldVersion = firstCache.replace('kindred-', '');
    const newVersion = `${oldVersion.slice(0, 6)}fresh1`;
    expect(worker).toContain(`const VERSION = "${oldVersion}";`);
    writeFileSync(
      path.join(web, 'sw.js'),
      worker.replace(`const VERSION = "${oldVersion}";`, `const VERSION = "${newVersion}";`),
    );
    for (const copy of ['sw.js.br', 'sw.js.gz']) rmSync(path.join(web, copy), { force: true });

    // The next load finds it; it waits (the open page keeps its version) and the toast offers it.
    await page.reload();
    const reload = page.getByRole('button', { name: 'New version: reload' });
    await expect(reload).toBeVisible();
    await expectNoAxeViolations(page, 'the new version toast');
    await page.screenshot({ path: 'test-results/screens/new-version-toast.png' });
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting))).toBe(
      true,
    );
    expect(await cacheNames(page)).toContain(firstCache);

    // Picking it: the new worker takes over, the page loads again under it, the old cache is gone.
    const reloaded = page.waitForEvent('load');
    await reload.click();
    await reloaded;
    await expect(page.getByRole('button', { name: /Continue with/ })).toBeVisible();
    await expect.poll(() => cacheNames(page)).toEqual([`kindred-${newVersion}`]);
    await expect(page.getByRole('button', { name: 'New version: reload' })).toHaveCount(0);
    // Asked again, the server has nothing newer.
    const isNewer = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
      return Boolean(registration.installing ?? registration.waiting);
    });
    expect(isNewer).toBe(false);
  } finally {
    await context.close();
    await server.stop();
    rmSync(web, { recursive: true, force: true });
  }
});
