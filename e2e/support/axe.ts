// axe-core run through the DevTools protocol: the app's CSP rightly refuses injected <script> tags, and
// Runtime.evaluate is not a page script. Every violation is reported with the elements it found.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type TAxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

export async function axeViolations(page: Page): Promise<TAxeViolation[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const loaded = await cdp.send('Runtime.evaluate', { expression: axeSource });
    if (loaded.exceptionDetails) throw new Error(`axe-core did not load: ${loaded.exceptionDetails.text}`);
    const run = await cdp.send('Runtime.evaluate', {
      expression: `axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 8),
      })))`,
      awaitPromise: true,
      returnByValue: true,
    });
    if (run.exceptionDetails)
      throw new Error(`axe-core failed: ${run.exceptionDetails.exception?.description}`);
    return run.result.value as TAxeViolation[];
  } finally {
    await cdp.detach().catch(() => {});
  }
}

/** Fails with every violation axe finds on the page as it is now. */
export async function expectNoAxeViolations(page: Page, screen: string) {
  // Let slides and fades finish: axe measures colours as they are drawn.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
  const violations = await axeViolations(page);
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join('\n    ')}`);
  expect(report, `axe-core on ${screen}`).toEqual([]);
}
