// The reply's Server-Sent Events (TReplyStreamEvent) read on the receiving end: the web app and the tests
// parse the stream the same way, with eventsource-parser.
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { TReplyStreamEvent } from './chat.ts';

const EVENT_NAMES: ReadonlySet<string> = new Set<TReplyStreamEvent['event']>([
  'start',
  'thoughts',
  'delta',
  'audio',
  'done',
  'error',
]);

/**
 * The events of a streamed reply as they arrive; events of other names are skipped. Ends with the
 * stream; rejects as the body does (an aborted fetch). Stopping early cancels the body.
 */
export async function* readReplyStream(
  body: ReadableStream<Uint8Array<ArrayBuffer>>,
): AsyncGenerator<TReplyStreamEvent> {
  const reader = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  let isDone = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) {
        isDone = true;
        return;
      }
      if (value.event === undefined || !EVENT_NAMES.has(value.event)) continue;
      yield { event: value.event, data: JSON.parse(value.data) } as TReplyStreamEvent;
    }
  } finally {
    if (!isDone) await reader.cancel().catch(() => undefined);
  }
}
