// fast-check generators for fuzzing Kindred's routes: nasty strings, bodies shaped like a schema with
// fuzzed fields, query strings, path segments and multipart files.
import fc from 'fast-check';

const NUL = String.fromCharCode(0);

/** One fuzzed request: JSON (or raw text) body, a multipart form, or neither. */
export type TFuzzRequest = {
  method: string;
  url: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
};

/** A route under fuzz: its name is Hono's `METHOD /path`, so the list can be checked against the app. */
export type TFuzzRoute = { name: string; requests: fc.Arbitrary<TFuzzRequest>; runs?: number };

/** Strings an attacker tries: NUL, control and odd Unicode, paths, markup, huge ones. */
export const nasty = fc.constantFrom(
  NUL,
  `a${NUL}b`,
  '',
  ' ',
  '\u202e\u200b\ufeff',
  '\ud800',
  '/\\evil.example/x.png',
  '//evil.example/x.png',
  '/media/../auth-secret',
  'javascript:alert(1)',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '%00',
  'x'.repeat(70_000),
  '9'.repeat(40),
  '-1',
  '1e309',
  'NaN',
);
export const text = fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 300 }), nasty);
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), text, { maxKeys: 3 }),
);
/** A field: usually a fuzzed value, sometimes a valid one, so bodies get past the first check. */
export const field = (...valid: unknown[]) =>
  fc.oneof({ weight: 2, arbitrary: anyValue }, { weight: 3, arbitrary: fc.constantFrom(...valid) });
export const shaped = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<unknown>;
/** A JSON body: the schema's shape with fuzzed fields, any JSON at all, or text that is no JSON. */
export const body = (shape: fc.Arbitrary<unknown>) =>
  fc
    .oneof(
      { weight: 6, arbitrary: shape },
      { weight: 2, arbitrary: fc.jsonValue() },
      { weight: 1, arbitrary: fc.string().map((s) => ({ raw: `{${s}` })) },
    )
    .map((b) => (b && typeof b === 'object' && 'raw' in b ? (b as { raw: string }).raw : b));
export const query = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record(fields, { requiredKeys: [] }).map((q) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    return params.toString();
  });
export const segment = fc
  .oneof(text, fc.integer().map(String))
  .map((s) => encodeURIComponent(s).slice(0, 200) || '0');
/** A path parameter: often the real one (mine), otherwise anything. */
export const param = (...valid: (string | number)[]) =>
  fc.oneof(fc.constantFrom(...valid.map(String)), segment);

/** `method url` with a fuzzed JSON body. */
export const json = (method: string, url: string, shape: fc.Arbitrary<unknown>) =>
  body(shape).map((b): TFuzzRequest => ({ method, url, json: b }));

/** A route taking a JSON body and nothing else. */
export const withBody = (method: string, path: string, shape: fc.Arbitrary<unknown>): TFuzzRoute => ({
  name: `${method} ${path}`,
  requests: json(method, path, shape),
});

/** A route taking path parameters (filled into `path`'s `:names` in order) and a JSON body. */
export const withParams = (
  method: string,
  path: string,
  params: fc.Arbitrary<string>[],
  shape?: fc.Arbitrary<unknown>,
  search?: fc.Arbitrary<string>,
): TFuzzRoute => ({
  name: `${method} ${path}`,
  requests: fc
    .tuple(fc.tuple(...params), shape ? body(shape) : fc.constant(undefined), search ?? fc.constant(''))
    .map(([values, b, q]) => {
      let i = 0;
      const url = path.replace(/:[A-Za-z]+/g, () => values[i++] ?? '0');
      return { method, url: q ? `${url}?${q}` : url, json: b };
    }),
});

/** A GET (or DELETE) taking only a query string; routes that read none are fuzzed with one anyway. */
export const withQuery = (
  method: string,
  path: string,
  fields: Record<string, fc.Arbitrary<unknown>> = { x: anyValue },
  runs?: number,
): TFuzzRoute => ({
  name: `${method} ${path}`,
  requests: query(fields).map((q) => ({ method, url: q ? `${path}?${q}` : path })),
  runs,
});

/** A multipart form with one file: random bytes, a PNG header with junk, text, or a card-like JSON. */
export const file = (fieldName: string) =>
  fc
    .tuple(
      fc.oneof(
        fc.uint8Array({ maxLength: 3000 }),
        fc
          .uint8Array({ maxLength: 2000 })
          .map((b) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...b])),
        text.map((s) => new TextEncoder().encode(s)),
        fc
          .jsonValue()
          .map((v) => new TextEncoder().encode(JSON.stringify({ spec: 'chara_card_v2', data: v }))),
      ),
      fc.oneof(fc.constant(fieldName), fc.string({ maxLength: 10 })),
      fc.oneof(fc.constantFrom('a.png', 'card.json', 'x'), fc.string({ maxLength: 40 })),
    )
    .map(([bytes, name, filename]) => {
      const form = new FormData();
      form.append(name, new File([new Uint8Array(bytes)], filename || 'x'));
      return form;
    });

export const upload = (url: string, fieldName: string): TFuzzRoute => ({
  name: `POST ${url}`,
  requests: file(fieldName).map((form) => ({ method: 'POST', url, form })),
});
