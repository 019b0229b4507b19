// Chooses the chat models from configuration: a local one (Ollama or embedded llama.cpp) and a remote one.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TConfig } from '../config.ts';
import {
  HOW_TO_GET_A_MODEL,
  ModelUnavailableError,
  NoChatModelError,
  type TChatModel,
} from './chat-model.ts';
import { MODEL_CATALOG } from './download/model-catalog.ts';
import { createLlamaCppModel } from './providers/llama-cpp.ts';
import { createOllamaModel } from './providers/ollama.ts';
import { createOpenAICompatibleModel } from './providers/openai-compatible.ts';

export type TModelKind = 'local' | 'remote';

export type TSelectModelsOptions = {
  ollamaBaseUrl: string;
  ollamaModel: string;
  openaiBaseUrl?: string;
  openaiApiKey?: string;
  openaiModel: string;
  /** The embedded model's GGUF, e.g. <dataDir>/models/<file>.gguf (it may not be downloaded yet). */
  llamaModelPath: string;
};

export type TModelSelection = {
  /** Chosen at start-up: Ollama when it answered, else the embedded model if its file exists, else null. */
  local: TChatModel | null;
  /** The OpenAI-compatible endpoint when OPENAI_BASE_URL or OPENAI_API_KEY is set, else null. */
  remote: TChatModel | null;
  /**
   * The model to answer with now: the first available of the asked kind, else of the other kind.
   * Checked on every call (answers are cached ~5 s), so an Ollama started later or a GGUF downloaded
   * after start-up is picked up without a restart.
   * @throws NoChatModelError when none is set up; ModelUnavailableError when none set up answers now.
   */
  pickModel(kind: TModelKind): Promise<TChatModel>;
  /**
   * Whether a chat model is set up here at all: an OpenAI-compatible endpoint, the embedded model's file,
   * or an Ollama that has answered since start. One that is set up but down still counts.
   */
  hasModel(): Promise<boolean>;
  /** Frees the embedded model, if it was loaded. */
  dispose(): Promise<void>;
};

export async function selectModels(options: TSelectModelsOptions): Promise<TModelSelection> {
  const ollama = createOllamaModel({ baseUrl: options.ollamaBaseUrl, model: options.ollamaModel });
  const embedded = createLlamaCppModel({ modelPath: options.llamaModelPath });
  const isRemoteConfigured = Boolean(options.openaiBaseUrl || options.openaiApiKey);
  const remote = isRemoteConfigured
    ? createOpenAICompatibleModel({
        baseURL: options.openaiBaseUrl || undefined,
        apiKey: options.openaiApiKey || undefined,
        model: options.openaiModel,
      })
    : null;

  // Ollama is looked for on its port whether or not anyone runs it: it counts as set up once it answered.
  let hasOllamaAnswered = false;
  const isOllamaUp = async () => {
    const isUp = await ollama.isAvailable();
    if (isUp) hasOllamaAnswered = true;
    return isUp;
  };
  const locals = [
    { model: ollama, isUp: isOllamaUp },
    { model: embedded, isUp: () => embedded.isAvailable() },
  ];
  const remotes = remote ? [{ model: remote, isUp: () => remote.isAvailable() }] : [];
  const [isOllamaUpNow, hasEmbeddedFile] = await Promise.all([isOllamaUp(), embedded.isAvailable()]);
  const local = isOllamaUpNow ? ollama : hasEmbeddedFile ? embedded : null;
  const hasModel = async () => remote !== null || hasOllamaAnswered || (await embedded.isAvailable());

  return {
    local,
    remote,
    async pickModel(kind) {
      const candidates = kind === 'local' ? [...locals, ...remotes] : [...remotes, ...locals];
      for (const candidate of candidates) {
        if (await candidate.isUp()) return candidate.model;
      }
      if (!(await hasModel())) {
        throw new NoChatModelError(`No chat model is available. ${HOW_TO_GET_A_MODEL}`);
      }
      throw new ModelUnavailableError('No chat model that is set up answered just now.');
    },
    hasModel,
    dispose: () => embedded.dispose(),
  };
}

export function modelSelectionOptions(config: TConfig): TSelectModelsOptions {
  return {
    ollamaBaseUrl: config.OLLAMA_BASE_URL,
    ollamaModel: config.OLLAMA_MODEL,
    openaiBaseUrl: config.OPENAI_BASE_URL,
    openaiApiKey: config.OPENAI_API_KEY,
    openaiModel: config.OPENAI_MODEL,
    llamaModelPath: embeddedModelPath(config),
  };
}

/**
 * The embedded model's file: the larger offered model when it was downloaded (the person chose it),
 * else LLAMA_MODEL_FILE. Decided when the models are first selected (a restart picks up a new choice).
 */
export function embeddedModelPath(config: Pick<TConfig, 'dataDir' | 'LLAMA_MODEL_FILE'>): string {
  const better = MODEL_CATALOG.find((choice) => choice.id === 'better')!;
  const betterPath = path.join(config.dataDir, 'models', better.file);
  return existsSync(betterPath) ? betterPath : path.join(config.dataDir, 'models', config.LLAMA_MODEL_FILE);
}
