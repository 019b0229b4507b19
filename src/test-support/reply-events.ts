// Tests read a streamed reply as the web app does: shared/reply-stream.ts (eventsource-parser), typed.
import type { TReplyStreamEvent } from '../shared/chat.ts';
import { readReplyStream } from '../shared/reply-stream.ts';

type TEventName = TReplyStreamEvent['event'];
export type TEventData<E extends TEventName> = Extract<TReplyStreamEvent, { event: E }>['data'];

/** Every event of a streamed reply's response, once the stream has ended. */
export async function readReplyEvents(res: Response): Promise<TReplyStreamEvent[]> {
  if (!res.body) throw new Error(`No body to read (status ${res.status})`);
  const events: TReplyStreamEvent[] = [];
  for await (const event of readReplyStream(res.body)) events.push(event);
  return events;
}

/** The data of every event of one name, in order. */
export function dataOf<E extends TEventName>(events: TReplyStreamEvent[], name: E): TEventData<E>[] {
  return events.filter((e) => e.event === name).map((e) => e.data as TEventData<E>);
}

/** The data of the only event of one name (the start, the done); throws when there is none or several. */
export function onlyOf<E extends TEventName>(events: TReplyStreamEvent[], name: E): TEventData<E> {
  const found = dataOf(events, name);
  if (found.length !== 1) throw new Error(`Expected one ${name} event, got ${found.length}`);
  return found[0]!;
}
