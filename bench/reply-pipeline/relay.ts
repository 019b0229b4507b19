// bench:reply-pipeline's minimal relay (the floor), a child of its own.
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { answerCpuQuestions, makePeople, seedMemories } from './child.ts';
import { CHARACTER_ID, DATABASE_URL, type TPerson, type TReady, values } from './options.ts';

type TQuery = (name: string, text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The relay's encoder: the same one Kindred uses in this run. */
async function relayEmbedder(): Promise<import('../../src/server/memory/embedder.ts').TEmbedder> {
  if (values.embeddings === 'remote') {
    const { createOpenAIEmbedder } = await import('../../src/server/memory/openai-embedder.ts');
    return createOpenAIEmbedder({ baseURL: values['model-url']!, model: 'fake-embed', apiKey: 'bench-key' });
  }
  const { createUseLiteEmbedder } = await import('../../src/server/memory/use-lite-embedder.ts');
  return createUseLiteEmbedder();
}

// A vector as the relay sends it: pgvector's text form, as its Node client (pgvector.toSql) does (Kindred sends
// the binary form: src/server/db/vector-param.ts).
const toVectorLiteral = (v: number[]) => `[${v.map((x) => x.toFixed(6)).join(',')}]`;

export async function runRelay() {
  const { openDatabase } = await import('../../src/server/db/client.ts');
  const { seedDatabase } = await import('../../src/server/db/seed/seed.ts');
  const { createMemoryService } = await import('../../src/server/services/memories/memory-service.ts');
  const { JUDGE_SCHEMA } = await import('../../src/server/memory/judge.ts');
  const { detectSearchCapabilities } = await import('../../src/server/memory/search-capabilities.ts');
  let hasVector = false;
  // The relay does memory work only beside Kindred's "memories" case; otherwise it is the plain relay.
  const isMemoryOn = values['relay-memory'] === 'on';
  const embedder = await relayEmbedder();
  let query: TQuery;
  let close: () => Promise<void>;
  let people: TPerson[];
  if (DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: '' });
    await database.migrate();
    await seedDatabase(database.db);
    people = await makePeople(database.db);
    if (isMemoryOn && Number(values.memories) > 0)
      await seedMemories(createMemoryService({ database, embedder }), people);
    hasVector = (await detectSearchCapabilities(database.db)).vector;
    await database.close();
    const pg = (await import('pg')).default;
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
    query = async (name, text, params) => (await pool.query({ name, text, values: params })).rows;
    close = () => pool.end();
  } else {
    const { openPglite, wrapPglite } = await import('../../src/server/db/pglite.ts');
    const client = await openPglite(mkdtempSync(path.join(os.tmpdir(), 'kindred-relay-')));
    const database = wrapPglite(client);
    await database.migrate();
    await seedDatabase(database.db);
    people = await makePeople(database.db);
    if (isMemoryOn && Number(values.memories) > 0)
      await seedMemories(createMemoryService({ database, embedder }), people);
    hasVector = (await detectSearchCapabilities(database.db)).vector;
    query = async (_name, text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
    close = () => client.close();
  }

  const modelUrl = `${values['model-url']!}/chat/completions`;
  const modelHeaders = { 'content-type': 'application/json', authorization: 'Bearer bench-key' };
  // A connection the model closed as it was reused (keep-alive's race, common on a busy machine) is tried
  // once more, as Kindred's model client does before the first byte.
  const callModel = async (body: string) => {
    const init = { method: 'POST', headers: modelHeaders, body };
    try {
      return await fetch(modelUrl, init);
    } catch {
      return fetch(modelUrl, init);
    }
  };
  // With memory on, the same work at its simplest: embed the message, recall four memories in one
  // statement, and after the reply ask the model (JSON) whether to keep the message, storing it if so.
  const judging = new Set<Promise<void>>();
  const judge = async (personId: number, message: string, reply: string, vector: number[]) => {
    const answer = await callModel(
      JSON.stringify({
        model: 'fake-model',
        messages: [
          { role: 'system', content: 'Decide whether to remember the message. Answer with JSON.' },
          { role: 'user', content: `Person: ${message}\nCompanion: ${reply}` },
        ],
        temperature: 0,
        max_tokens: 60,
        response_format: { type: 'json_schema', json_schema: { name: 'verdict', schema: JUDGE_SCHEMA } },
      }),
    );
    const body = (await answer.json()) as { choices: { message: { content: string } }[] };
    const verdict = JSON.parse(body.choices[0]!.message.content) as { remember: boolean; importance: number };
    if (!verdict.remember) return;
    const importance = (verdict.importance - 1) / 4;
    if (hasVector) {
      await query(
        'relay_remember',
        `insert into memories (user_id, character_id, content, reply, character_name, importance, embedding, embedding_model)
         values ($1, $2, $3, $4, 'Seraphine Vale', $5, $6::vector, $7)`,
        [personId, CHARACTER_ID, message, reply, importance, toVectorLiteral(vector), embedder.id],
      );
    } else {
      await query(
        'relay_remember_text',
        `insert into memories (user_id, character_id, content, reply, character_name, importance)
         values ($1, $2, $3, $4, 'Seraphine Vale', $5)`,
        [personId, CHARACTER_ID, message, reply, importance],
      );
    }
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const token = /authjs\.session-token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const [person] = token
      ? await query(
          'relay_session',
          `select u.id, u.name from sessions s join users u on u.id = s.user_id
           where s.session_token = $1 and s.expires > now()`,
          [token],
        )
      : [];
    if (!person) {
      res.writeHead(401).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { userInput: string; hist?: string };
    const [stored] = await query(
      'relay_store',
      `with log as (
         insert into chat_logs (uuid, user_id, character_id, message_count)
         values (coalesce($1::uuid, gen_random_uuid()), $2, $3, 1)
         on conflict (uuid) do update set message_count = chat_logs.message_count + 1, updated_at = now()
         where chat_logs.user_id = $2
         returning uuid, message_count
       ), inserted as (
         insert into chat_messages (chat_log_uuid, position, role, content)
         select uuid, message_count - 1, 'user', $4 from log returning chat_log_uuid
       )
       select (select chat_log_uuid from inserted) as uuid,
         (select coalesce(json_agg(json_build_object('role', c.role, 'content', c.content) order by c.position), '[]'::json)
          from (select role, content, position from chat_messages where chat_log_uuid = $1::uuid
                order by position desc limit 19) c) as context`,
      [body.hist ?? null, person.id, CHARACTER_ID, body.userInput],
    );
    const uuid = stored!.uuid as string;
    const context = stored!.context as { role: string; content: string }[];
    let vector: number[] | null = null;
    let recalled = '';
    if (isMemoryOn) {
      vector = (await embedder.embed([body.userInput]))[0] ?? null;
      // Without pgvector (as Kindred does there), full text alone.
      const rows = hasVector
        ? await query(
            'relay_recall',
            `select content from memories where user_id = $1 and character_id = $2
             order by pinned desc, embedding <=> $3::vector limit 4`,
            [person.id, CHARACTER_ID, toVectorLiteral(vector!)],
          )
        : await query(
            'relay_recall_text',
            `select content from memories where user_id = $1 and character_id = $2
             order by pinned desc, ts_rank(search, plainto_tsquery('english', $3)) desc limit 4`,
            [person.id, CHARACTER_ID, body.userInput],
          );
      recalled = rows.map((r) => `\n- ${r.content as string}`).join('');
    }
    const upstream = await callModel(
      JSON.stringify({
        model: 'fake-model',
        stream: true,
        messages: [
          { role: 'system', content: `${'You are Seraphine Vale. '.repeat(40)}${recalled}` },
          ...context,
          { role: 'user', content: body.userInput },
        ],
      }),
    );
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(`event: start\ndata: ${JSON.stringify({ hist: uuid })}\n\n`);
    let reply = '';
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const bytes of upstream.body!) {
      buffer += decoder.decode(bytes, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
        if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
        const text = JSON.parse(line.slice(6)).choices?.[0]?.delta?.content;
        if (!text) continue;
        reply += text;
        res.write(`event: delta\ndata: ${JSON.stringify({ text })}\n\n`);
      }
    }
    await query(
      'relay_reply',
      `with bumped as (
         update chat_logs set message_count = message_count + 1, updated_at = now()
         where uuid = $1 and user_id = $2 returning uuid, message_count)
       insert into chat_messages (chat_log_uuid, position, role, content)
       select uuid, message_count - 1, 'assistant', $3 from bumped`,
      [uuid, person.id, reply],
    );
    res.end(`event: done\ndata: ${JSON.stringify({ hist: uuid, reply, embedding: vector })}\n\n`);
    if (vector) {
      const judged = judge(person.id as number, body.userInput, reply, vector).catch((error) =>
        console.error(error),
      );
      judging.add(judged);
      void judged.finally(() => judging.delete(judged));
    }
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      console.error(error);
      res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.send!({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    people,
  } satisfies TReady);
  answerCpuQuestions('relay', values.profile, {
    settle: async () => {
      while (judging.size > 0) await Promise.all(judging);
    },
    encoderMicros: async () => (isMemoryOn ? ((await embedder.usage?.())?.cpuMicros ?? 0) : 0),
  });
  process.on('disconnect', () => {
    server.close();
    server.closeAllConnections();
    void close().then(() => process.exit(0));
  });
}
