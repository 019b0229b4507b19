// Before the browser suite: the fake model server, Kindred on the bundled provider, Kindred with
// Google configured against its own bundled provider (so the Google code path runs too), and Kindred
// with no chat model, whose model download is served from this machine.
import { startFakeOpenAI } from '../../src/test-support/fake-openai-server.ts';
import { buildTinyGguf } from '../../src/test-support/tiny-gguf.ts';
import { serveFile } from './file-server.ts';
import { freePort, startKindred } from './servers.ts';

export default async function globalSetup() {
  const model = await startFakeOpenAI({ tokenDelayMs: 5 });
  const modelEnv = { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: 'e2e-key', OPENAI_MODEL: 'fake-model' };
  // The main server runs on the embedded defaults (PGlite with pgvector: memory search by meaning); a spec
  // that asserts on rows starts its own server on Postgres (e2e-db.ts).
  // Check-ins within seconds on the main server, so the browser suite can see one arrive.
  const main = await startKindred({
    ...modelEnv,
    CHECKIN_MIN_AGE_SECONDS: '3',
    CHECKIN_SWEEP_SECONDS: '2',
    CHECKIN_QUIET_HOURS: 'off',
    // Pushes go to a stand-in push service on this machine (plain http), sent within a second.
    PUSH_ALLOW_HTTP_ENDPOINTS: 'on',
    PUSH_SWEEP_SECONDS: '1',
  });
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
  // No model at all until the person downloads one: a tiny random-weight GGUF served from this machine.
  const modelFile = await serveFile(buildTinyGguf(), 'tiny-model.gguf');
  const noModel = await startKindred({
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
    MODEL_DOWNLOAD_URL: modelFile.url,
    LLAMA_MODEL_FILE: 'tiny-model.gguf',
  });
  process.env.E2E_BASE_URL = main.url;
  process.env.E2E_NO_MODEL_URL = noModel.url;
  process.env.E2E_DATA_DIR = main.dataDir;
  process.env.E2E_GOOGLE_URL = google.url;
  process.env.E2E_MODEL_URL = model.url;
  return async () => {
    await Promise.all([main.stop(), google.stop(), noModel.stop()]);
    await Promise.all([model.close(), modelFile.close()]);
  };
}
