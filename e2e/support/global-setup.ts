// Before the browser suite: the fake model server, Kindred on the bundled provider, and Kindred with
// Google configured against its own bundled provider (so the Google code path runs too).
import { startFakeOpenAI } from '../../src/test-support/fake-openai-server.ts';
import { freePort, startKindred } from './servers.ts';

export default async function globalSetup() {
  const model = await startFakeOpenAI({ tokenDelayMs: 5 });
  const modelEnv = { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'e2e-key', OPENAI_MODEL: 'fake-model' };
  const main = await startKindred(modelEnv);
  const googlePort = await freePort();
  const googleUrl = `http://127.0.0.1:${googlePort}`;
  const google = await startKindred({
    ...modelEnv,
    PORT: String(googlePort),
    PUBLIC_URL: googleUrl,
    AUTH_GOOGLE_ID: 'e2e-google-client',
    AUTH_GOOGLE_SECRET: 'e2e-google-secret',
    AUTH_GOOGLE_ISSUER: `${googleUrl}/idp`,
  });
  process.env.E2E_BASE_URL = main.url;
  process.env.E2E_DATA_DIR = main.dataDir;
  process.env.E2E_GOOGLE_URL = google.url;
  process.env.E2E_MODEL_URL = model.url;
  return async () => {
    await Promise.all([main.stop(), google.stop()]);
    await model.close();
  };
}
