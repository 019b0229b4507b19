// The chat models the reply calls use: the ai/ module's selection, made once (lazily) from config.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TChatModel } from '../../ai/chat-model.ts';
import { MODEL_CHOICES } from '../../ai/download/model-choices.ts';
import { selectModels, type TModelKind, type TModelSelection } from '../../ai/select-models.ts';
import type { TConfig } from '../../config.ts';

export type TChatModels = {
  /** The model that answers on this path now, falling back to the other. @throws ModelUnavailableError */
  pickModel(kind: TModelKind): Promise<TChatModel>;
  /** Whether the local path (Ollama or the embedded model) can answer now: GET /ollama-health. */
  isLocalHealthy(): Promise<boolean>;
  dispose(): Promise<void>;
};

export function modelSelectionOptions(config: TConfig) {
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
  const better = MODEL_CHOICES.find((choice) => choice.id === 'better')!;
  const betterPath = path.join(config.dataDir, 'models', better.file);
  return existsSync(betterPath) ? betterPath : path.join(config.dataDir, 'models', config.LLAMA_MODEL_FILE);
}

/** Wraps a selection (or one still being made) for the chat service. */
export function chatModelsFrom(source: () => Promise<TModelSelection>): TChatModels {
  let selection: Promise<TModelSelection> | null = null;
  const get = () => {
    selection ??= source();
    return selection;
  };
  return {
    pickModel: async (kind) => (await get()).pickModel(kind),
    async isLocalHealthy() {
      const models = await get();
      // pickModel('local') tries Ollama and the embedded model first, re-checking both (so an Ollama
      // started or a GGUF downloaded after start-up counts); it only returns the remote one as a fallback.
      try {
        const model = await models.pickModel('local');
        return model !== models.remote;
      } catch {
        return false;
      }
    },
    async dispose() {
      if (selection) await (await selection).dispose();
    },
  };
}

/** The selection from config, made on first use (start-up then does not wait for an Ollama check). */
export function chatModelsFromConfig(config: TConfig): TChatModels {
  return chatModelsFrom(() => selectModels(modelSelectionOptions(config)));
}
