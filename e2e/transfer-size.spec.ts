// The first page's weight as the browser downloads it: every JavaScript response until the page is idle,
// summed from the DevTools protocol's transferred sizes (headers and compressed body, cache off), not the
// build manifest. /login ≤ 100 KB, the chat screen after sign-in ≤ 200 KB. Also the headers the build's
// compressed copies go out with, and robots.txt.
import type { CDPSession, Page } from '@playwright/test';
import { ChatPage } from './pages/chat.ts';
import { LoginPage } from './pages/login.ts';
import { expect, test } from './support/fixtures.ts';

const KB = 1024;
const SERAPHINE = 1;

type TScript = { url: string; bytes: number; encoding: string };

/** Starts counting: every script response's bytes on the wire, with the browser's cache off. */
async function countScripts(page: Page): Promise<{ cdp: CDPSession; scripts: () => TScript[] }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const pending = new Map<string, { url: string; encoding: string }>();
  const done: TScript[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const isScript = event.type === 'Script' || /javascript/.test(event.response.mimeType);
    if (!isScript) return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    pending.set(event.requestId, {
      url: event.response.url,
      encoding: headers['content-encoding'] ?? 'none',
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = pending.get(event.requestId);
    if (!script) return;
    pending.delete(event.requestId);
    done.push({ ...script, bytes: event.encodedDataLength });
  });
  return { cdp, scripts: () => [...done] };
}

const total = (scripts: TScript[]) => scripts.reduce((sum, s) => sum + s.bytes, 0);
const listing = (scripts: TScript[]) =>
  scripts.map((s) => `${new URL(s.url).pathname} ${(s.bytes / KB).toFixed(1)} KB ${s.encoding}`).join('\n');

test('/login downloads at most 100 KB of JavaScript, compressed', async ({ page }) => {
  const { scripts } = await countScripts(page);
  await page.goto('/login');
  await expect(new LoginPage(page).button()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = scripts();
  const bytes = total(loaded);
  test.info().annotations.push({ type: '/login JavaScript', description: `${(bytes / KB).toFixed(1)} KB` });
  expect(loaded.length).toBeGreaterThan(0);
  // The build compresses every file of 1 KB or more; only the smallest go as they are.
  for (const s of loaded.filter((x) => x.bytes > 2 * KB)) expect(s.encoding, s.url).toBe('br');
  expect(bytes, listing(loaded)).toBeLessThanOrEqual(100 * KB);
});

test('the chat screen after sign-in downloads at most 200 KB of JavaScript', async ({ page, signIn }) => {
  await signIn();
  // A new tab with the session: the chat screen as someone signed in opens it, nothing cached.
  const tab = await page.context().newPage();
  const { scripts } = await countScripts(tab);
  const chat = new ChatPage(tab);
  await chat.open(SERAPHINE);
  await expect(tab.getByRole('heading', { name: 'Seraphine Vale' })).toBeVisible();
  await tab.waitForLoadState('networkidle');
  const loaded = scripts();
  const bytes = total(loaded);
  test.info().annotations.push({ type: 'chat JavaScript', description: `${(bytes / KB).toFixed(1)} KB` });
  expect(loaded.some((s) => /\/assets\/chat-/.test(s.url))).toBe(true);
  // The build compresses every file of 1 KB or more; only the smallest go as they are.
  for (const s of loaded.filter((x) => x.bytes > 2 * KB)) expect(s.encoding, s.url).toBe('br');
  expect(bytes, listing(loaded)).toBeLessThanOrEqual(200 * KB);
});

test('hashed files go out precompressed and cached for a year; robots.txt is a robots file', async ({
  page,
  request,
}) => {
  const { scripts } = await countScripts(page);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  const entry = scripts().find((s) => /\/assets\/index-[\w-]+\.js$/.test(s.url));
  expect(entry).toBeDefined();
  for (const [accept, encoding] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const res = await request.get(entry!.url, { headers: { 'accept-encoding': accept } });
    expect(res.status()).toBe(200);
    expect(res.headers()['content-encoding']).toBe(encoding);
    expect(res.headers().vary).toMatch(/accept-encoding/i);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toMatch(/^User-agent: \*$/m);
});
