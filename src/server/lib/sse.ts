// Server-Sent Events written straight to the response: one write per event, no stream per event.
// Every streaming call uses it (replies, regenerate/continue, voice's audio events): `send` writes any
// `{ event, data }`, with `data` as one line of JSON.
import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';

export type TSseEvent = { event: string; data: unknown };

export type TSseStream = {
  /** Writes one event; resolves at once unless the socket's buffer is full. A no-op once closed. */
  send(event: TSseEvent): Promise<void> | undefined;
  /** As send({ event, data: { text } }), the same bytes, without the objects (a reply's every delta). */
  sendText(event: string, text: string): Promise<void> | undefined;
  /** True once the client went away (or the stream ended): later sends are dropped. */
  readonly isClosed: boolean;
  /** Called once when the client goes away before the end. */
  onAbort(listener: () => void): void;
};

const HEADERS: Record<string, string> = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

/** Event names already checked, and the head of a `{ text }` event's frame under each. */
const textHeads = new Map<string, string>();

const checkedName = (event: string) => {
  if (!textHeads.has(event)) {
    if (/[\r\n]/.test(event)) throw new Error('An SSE event name must not contain a line break');
    // Names are the code's own, a handful: the map stays small.
    textHeads.set(event, `event: ${event}\ndata: {"text":`);
  }
  return event;
};

/** One SSE frame. JSON never holds a raw line break, so `data` is always a single line. */
export function sseFrame({ event, data }: TSseEvent): string {
  return `event: ${checkedName(event)}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** sseFrame({ event, data: { text } }), byte for byte: JSON.stringify of that object is this. */
export function sseTextFrame(event: string, text: string): string {
  return `${textHeads.get(checkedName(event))}${JSON.stringify(text)}}\n\n`;
}

/**
 * Answers with an event stream fed by `run`; `onError` gets a throw from `run` and may still send.
 * The response's body is one ReadableStream, so Hono and @hono/node-server send the status and every
 * header (the middleware's too) as usual; under @hono/node-server, once those headers are out, frames
 * are written straight to the Node response (no stream in between), and closing the body ends it.
 * Elsewhere (app.request in tests) frames go through that ReadableStream. The stream always ends after
 * `run`, and a client that goes away calls the `onAbort` listeners.
 */
export function streamEvents(
  c: Context,
  run: (stream: TSseStream) => Promise<void>,
  onError: (error: unknown, stream: TSseStream) => Promise<void> | void,
): Response {
  let isClosed = false;
  const abortListeners: (() => void)[] = [];
  const abort = () => {
    if (isClosed) return;
    isClosed = true;
    for (const listener of abortListeners) listener();
  };
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const enqueue = (frame: string): Promise<void> | undefined => {
    controller.enqueue(encoder.encode(frame));
    return undefined;
  };
  let write = enqueue;
  const writeDirect = (response: ServerResponse) => (frame: string) => {
    if (response.write(frame)) return undefined;
    return new Promise<void>((resolve) => {
      const done = () => {
        response.off('drain', done);
        response.off('close', done);
        resolve();
      };
      response.on('drain', done);
      response.on('close', done);
    });
  };
  const stream: TSseStream = {
    send(event) {
      return isClosed ? undefined : write(sseFrame(event));
    },
    sendText(event, text) {
      return isClosed ? undefined : write(sseTextFrame(event, text));
    },
    get isClosed() {
      return isClosed;
    },
    onAbort(listener) {
      abortListeners.push(listener);
    },
  };
  const go = async () => {
    try {
      if (outgoing) {
        // @hono/node-server writes the head once the handler's response is back: a turn or two.
        for (let turn = 0; turn < 10 && !outgoing.headersSent && !outgoing.destroyed; turn++) {
          await new Promise((resolve) => setImmediate(resolve));
        }
        if (outgoing.headersSent) write = writeDirect(outgoing);
      }
      await run(stream);
    } catch (error) {
      await onError(error, stream);
    } finally {
      // Ended here, the last frame and the end of the body leave in one write (the body's close would end
      // the response a turn later, in a write of its own).
      if (outgoing && write !== enqueue && !outgoing.writableEnded) outgoing.end();
      isClosed = true;
      try {
        controller.close();
      } catch {
        // Already cancelled by the reader.
      }
    }
  };
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel: abort,
  });
  if (outgoing) {
    outgoing.once('close', () => {
      if (!outgoing.writableFinished) abort();
    });
    // @hono/node-server flushes the head in a write of its own before the body's first frame; held back,
    // it leaves with the first frame (every caller sends one at once: a reply's start event).
    outgoing.flushHeaders = () => {};
  }
  void go();
  for (const [key, value] of Object.entries(HEADERS)) c.header(key, value);
  return c.body(body, 200);
}
