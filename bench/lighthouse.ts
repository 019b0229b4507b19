// Lighthouse (the npm package, driving Debian's Chromium) on /login and the chat screen, mobile and
// desktop: performance, accessibility and best practices, as a person on a cold cache would load them.
// Run: npm run build && npm run bench:lighthouse [-- --runs 1]
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { LoginPage } from '../e2e/pages/login.ts';
import { freePort, startKindred } from '../e2e/support/servers.ts';
import { startFakeOpenAI } from '../src/test-support/fake-openai-server.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' } } });
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

async function main() {
  const model = await startFakeOpenAI({ tokenDelayMs: 5 });
  const kindred = await startKindred({
    OPENAI_BASE_URL: model.url,
    OPENAI_API_KEY: 'bench-key',
    OPENAI_MODEL: 'fake-model',
  });
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      `--remote-debugging-port=${port}`,
    ],
  });
  try {
    // A signed-in person with one exchange in their chat, so the chat screen shows a conversation.
    const context = await browser.newContext({ baseURL: kindred.url });
    const page = await context.newPage();
    await new LoginPage(page).signIn({ email: 'bench@example.com', name: 'Robin Bench' });
    await page.waitForURL(/\/$/);
    await page.goto('/chat/1');
    const box = page.getByPlaceholder('Type your message to Seraphine Vale...');
    await box.fill('Tell me about the road north');
    await box.press('Enter');
    await page.waitForURL(/hist=/);
    const chatUrl = page.url();
    const cdp = await context.newCDPSession(page);

    const rows: string[] = [];
    for (const [screen, url] of [
      ['/login', `${kindred.url}/login`],
      ['chat', chatUrl],
    ] as const) {
      for (const formFactor of ['mobile', 'desktop'] as const) {
        for (let run = 0; run < Number(values.runs); run++) {
          // Cold: no HTTP cache, no service worker, no cache storage; the session cookie stays.
          await cdp.send('Network.clearBrowserCache');
          await cdp.send('Storage.clearDataForOrigin', {
            origin: kindred.url,
            storageTypes: 'service_workers,cache_storage',
          });
          const result = await lighthouse(
            url,
            {
              port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: [...CATEGORIES],
              disableStorageReset: true,
            },
            formFactor === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
          const { categories, audits } = result.lhr;
          const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
          const ms = (id: string) => `${((audits[id]?.numericValue ?? 0) / 1000).toFixed(1)} s`;
          rows.push(
            [
              screen.padEnd(7),
              formFactor.padEnd(8),
              `perf ${score('performance')}`,
              `a11y ${score('accessibility')}`,
              `best ${score('best-practices')}`,
              `FCP ${ms('first-contentful-paint')}`,
              `LCP ${ms('largest-contentful-paint')}`,
              `TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms`,
              `CLS ${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}`,
            ].join('  '),
          );
          console.log(rows.at(-1));
          const failing = Object.values(audits)
            .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id);
          if (failing.length > 0) console.log(`    failing audits: ${failing.join(', ')}`);
        }
      }
    }
    console.log(`\nLighthouse (simulated throttling) on Debian Chromium\n${rows.join('\n')}`);
  } finally {
    await browser.close();
    await kindred.stop();
    await model.close();
  }
}

await main();
