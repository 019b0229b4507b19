// A fake clock for a Kindred server that a browser test starts for itself (never loaded by the product):
// preloaded with NODE_OPTIONS, it moves the server's Date forward by the milliseconds the test writes to
// FAKE_CLOCK_FILE. The database's own clock is untouched, so sessions stay valid.
import { readFileSync, watchFile, writeFileSync } from 'node:fs';

const file = process.env.FAKE_CLOCK_FILE;
if (!file) throw new Error('fake-clock: FAKE_CLOCK_FILE is not set');
writeFileSync(file, '0');
let offset = 0;
watchFile(file, { interval: 20 }, () => {
  const value = Number(readFileSync(file, 'utf8'));
  if (Number.isFinite(value)) offset = value;
}).unref();

const RealDate = Date;
globalThis.Date = new Proxy(RealDate, {
  construct(target, args, newTarget) {
    return Reflect.construct(target, args.length === 0 ? [RealDate.now() + offset] : args, newTarget);
  },
  apply() {
    return new RealDate(RealDate.now() + offset).toString();
  },
  get(target, prop, receiver) {
    if (prop === 'now') return () => RealDate.now() + offset;
    return Reflect.get(target, prop, receiver);
  },
});
