// Embedded chat model: a GGUF file in the data folder run in-process by node-llama-cpp (no server needed).
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { ChatHistoryItem, LlamaContext, LlamaContextSequence } from 'node-llama-cpp';
import { ModelUnavailableError, type TChatModel, type TChatTurn, type TReplyChunk } from '../chat-model.ts';
import { createThoughtsParser } from '../thoughts-parser.ts';
import { loadPrebuiltModel, type TLoadedModel } from './prebuilt-llama.ts';

export type TLlamaCppOptions = {
  modelPath: string;
  /** Upper bound of tokens per chat (the model's own limit applies if lower). Default 8192. */
  contextSize?: number;
  /** Chats generated side by side; more wait their turn. Default 2. */
  parallel?: number;
  /** Default os.availableParallelism(). */
  threads?: number;
  /** 'auto' uses a GPU when a prebuilt binary for it works here; false forces the CPU. Default 'auto'. */
  gpu?: 'auto' | false;
  /** Sampling temperature. Default 0.8 (node-llama-cpp's own default is greedy, which repeats itself). */
  temperature?: number;
  /** Fixed sampling seed, for repeatable tests. */
  seed?: number;
};

export type TLlamaCppModel = TChatModel & {
  /** Frees the model and its memory; the next reply loads it again. */
  dispose(): Promise<void>;
};

type TLoaded = TLoadedModel<LlamaContext>;

function toHistory(messages: TChatTurn[]): ChatHistoryItem[] {
  const history = messages.map((m): ChatHistoryItem => {
    if (m.role === 'system') return { type: 'system', text: m.content };
    if (m.role === 'user') return { type: 'user', text: m.content };
    return { type: 'model', response: [m.content] };
  });
  // An empty model turn at the end is where the reply goes.
  history.push({ type: 'model', response: [] });
  return history;
}

export function createLlamaCppModel(options: TLlamaCppOptions): TLlamaCppModel {
  const id = `llama-cpp:${basename(options.modelPath)}`;
  let loading: Promise<TLoaded> | null = null;
  const waiters: (() => void)[] = [];

  const fileExists = async () => (await stat(options.modelPath)).isFile();

  const load = async (): Promise<TLoaded> => {
    if (!(await fileExists().catch(() => false))) {
      throw new ModelUnavailableError(`The model file for ${id} is missing. Run \`npm run model:download\`.`);
    }
    return loadPrebuiltModel(
      options,
      (model) =>
        model.createContext({
          contextSize: { max: options.contextSize ?? 8192 },
          sequences: options.parallel ?? 2,
          threads: options.threads ?? availableParallelism(),
        }),
      (error) =>
        new ModelUnavailableError(`The model ${id} could not be loaded: ${String(error)}`, { cause: error }),
    );
  };

  const loaded = (): Promise<TLoaded> => {
    if (!loading) {
      loading = load();
      // A failed load is retried on the next reply (the file may have been downloaded meanwhile).
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };

  const acquireSequence = async (context: LlamaContext): Promise<LlamaContextSequence> => {
    while (context.sequencesLeft === 0) await new Promise<void>((resolve) => waiters.push(resolve));
    return context.getSequence();
  };

  const releaseSequence = (sequence: LlamaContextSequence): void => {
    sequence.dispose();
    waiters.shift()?.();
  };

  return {
    id,
    // A stat is cheap, so no cache: a model downloaded a moment ago answers the very next reply.
    isAvailable: () => fileExists().catch(() => false),

    async *streamReply({ messages, withThoughts, signal, maxTokens }) {
      const { lib, context } = await loaded();
      const sequence = await acquireSequence(context);
      const chat = new lib.LlamaChat({ contextSequence: sequence, autoDisposeSequence: false });
      const stop = new AbortController();
      const parser = createThoughtsParser();
      const pending: TReplyChunk[] = [];
      let wake: (() => void) | null = null;
      let isDone = false;
      let failure: unknown = null;
      const notify = () => {
        wake?.();
        wake = null;
      };

      const generation = chat
        .generateResponse(toHistory(messages), {
          maxTokens,
          temperature: options.temperature ?? 0.8,
          seed: options.seed,
          signal: signal ? AbortSignal.any([signal, stop.signal]) : stop.signal,
          stopOnAbortSignal: true,
          onResponseChunk: (chunk) => {
            if (chunk.type === undefined) {
              pending.push(...parser.push(chunk.text));
            } else if (chunk.segmentType === 'thought' && chunk.text !== '') {
              // Models with a native thinking segment (Qwen3, DeepSeek R1): that is the monologue.
              pending.push({ type: 'thoughts', text: chunk.text });
            }
            notify();
          },
        })
        .then(
          () => {
            pending.push(...parser.end());
          },
          (error: unknown) => {
            failure = error;
          },
        )
        .finally(() => {
          isDone = true;
          notify();
        });

      try {
        for (;;) {
          const chunk = pending.shift();
          if (chunk) {
            if (withThoughts || chunk.type === 'text') yield chunk;
            continue;
          }
          if (isDone) break;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
        if (failure && !signal?.aborted) throw failure;
      } finally {
        // Also reached when the caller stops reading early: stop generating and free the sequence.
        stop.abort();
        await generation;
        chat.dispose({ disposeSequence: false });
        releaseSequence(sequence);
      }
    },

    async completeJson({ messages, schema, signal, maxTokens }) {
      const { lib, llama, context } = await loaded();
      // Grammar-constrained sampling: the model can only produce JSON that follows the schema.
      // biome-ignore lint/suspicious/noExplicitAny: node-llama-cpp types the schema as a literal type
      const grammar = await llama.createGrammarForJsonSchema(schema as any);
      const sequence = await acquireSequence(context);
      const chat = new lib.LlamaChat({ contextSequence: sequence, autoDisposeSequence: false });
      try {
        const result = await chat.generateResponse(toHistory(messages), {
          grammar,
          maxTokens: maxTokens ?? 200,
          temperature: 0,
          signal,
        });
        return grammar.parse(result.response);
      } finally {
        chat.dispose({ disposeSequence: false });
        releaseSequence(sequence);
      }
    },

    async dispose() {
      const current = loading;
      loading = null;
      if (!current) return;
      const { llama } = await current.catch(() => ({ llama: null }));
      await llama?.dispose();
    },
  };
}
