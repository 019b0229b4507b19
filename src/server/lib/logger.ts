// Structured JSON logs; request bodies and message texts never go into them.
import pino from 'pino';

export type TLogger = pino.Logger;

export function createLogger(level: string): TLogger {
  return pino({
    level,
    base: { service: 'kindred' },
    redact: ['req.headers.cookie', 'req.headers.authorization'],
  });
}
