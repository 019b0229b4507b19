// The environment every bench's Kindred runs with: a throwaway data folder, the fake model, and the abuse
// limits on the path but never refusing the load's turns; DATABASE_URL passes through for PostgreSQL.
export function benchServerEnv(opts: {
  dataDir: string;
  modelUrl: string;
  logLevel?: string;
}): Record<string, string> {
  return {
    DATA_DIR: opts.dataDir,
    PUBLIC_URL: 'http://127.0.0.1:1',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    LOG_LEVEL: opts.logLevel ?? 'info',
    OPENAI_BASE_URL: opts.modelUrl,
    OPENAI_API_KEY: 'bench-key',
    OLLAMA_BASE_URL: 'http://127.0.0.1:9',
    REPLY_LIMIT_PER_PERSON: '1000000',
    REPLY_LIMIT_PER_ADDRESS: '1000000',
    ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
  };
}
