// Faster responses for Plus, made true: every chat model sits behind a gate where Plus replies go ahead
// of free ones (a priority queue in front of the local model, a per-plan share of the remote slots),
// and Plus may answer with its own remote model (PLUS_OPENAI_MODEL).
import type { TChatModel } from '../../ai/chat-model.ts';
import { createOpenAICompatibleModel } from '../../ai/providers/openai-compatible.ts';
import type { TModelKind } from '../../ai/select-models.ts';
import type { TConfig } from '../../config.ts';
import type { TChatModels } from './chat-models.ts';
import { PlanGate } from './plan-gate.ts';

export type TPlanPriorityOptions = {
  localConcurrency: number;
  remoteConcurrency: number;
  /** Share (0–1] of the remote slots free replies may hold. */
  freeShare: number;
  /** Answers Plus instead of the remote model when set (same endpoint, another model). */
  plusRemoteModel?: TChatModel | null;
};

export type TPlanChatModels = TChatModels & {
  /** The model for this person's plan, behind the plan's place in the queue. */
  pickModelForPlan(kind: TModelKind, isPlus: boolean): Promise<TChatModel>;
  gates: { local: PlanGate; remote: PlanGate };
};

// Model ids name their provider (see TChatModel.id): these run on this machine or its Ollama.
const isLocalModel = (model: TChatModel) => /^(llama-cpp|ollama):/.test(model.id);

/** The plan-aware pick when the models have one (they do once app.ts wrapped them), else the plain one. */
export function pickModelForPlan(
  models: TChatModels,
  kind: TModelKind,
  isPlus: boolean,
): Promise<TChatModel> {
  const planned = models as Partial<TPlanChatModels>;
  return planned.pickModelForPlan ? planned.pickModelForPlan(kind, isPlus) : models.pickModel(kind);
}

export function withPlanPriority(models: TChatModels, options: TPlanPriorityOptions): TPlanChatModels {
  if ('pickModelForPlan' in models) return models as TPlanChatModels;
  const share = (n: number) => Math.min(n, Math.max(1, Math.floor(n * options.freeShare)));
  const gates = {
    // The local model is one machine's CPU: Plus jumps the queue, but free may use an idle slot.
    local: new PlanGate(options.localConcurrency, options.localConcurrency),
    remote: new PlanGate(options.remoteConcurrency, share(options.remoteConcurrency)),
  };
  const wrapped = new WeakMap<TChatModel, Map<boolean, TChatModel>>();

  const gated = (model: TChatModel, isPlus: boolean): TChatModel => {
    let byPlan = wrapped.get(model);
    if (!byPlan) {
      byPlan = new Map();
      wrapped.set(model, byPlan);
    }
    const known = byPlan.get(isPlus);
    if (known) return known;
    const gate = isLocalModel(model) ? gates.local : gates.remote;
    const result: TChatModel = {
      id: model.id,
      isAvailable: () => model.isAvailable(),
      async *streamReply(input) {
        const release = await gate.acquire(isPlus, input.signal);
        if (!release) return; // stopped while waiting: nothing was generated
        try {
          yield* model.streamReply(input);
        } finally {
          release();
        }
      },
    };
    const completeJson = model.completeJson?.bind(model);
    if (completeJson) {
      // Structured answers (the memory judge) are background work: they wait behind every reply.
      result.completeJson = async (input) => {
        const release = await gate.acquire(false, input.signal);
        if (!release) throw new DOMException('Stopped while waiting for the model', 'AbortError');
        try {
          return await completeJson(input);
        } finally {
          release();
        }
      };
    }
    byPlan.set(isPlus, result);
    return result;
  };

  const pick = async (kind: TModelKind, isPlus: boolean) => {
    const model = await models.pickModel(kind);
    const plusModel = options.plusRemoteModel;
    if (isPlus && plusModel && !isLocalModel(model) && (await plusModel.isAvailable())) {
      return gated(plusModel, true);
    }
    return gated(model, isPlus);
  };

  return {
    // Callers that do not name a plan (background work) wait behind every person.
    pickModel: (kind) => pick(kind, false),
    pickModelForPlan: pick,
    isLocalHealthy: () => models.isLocalHealthy(),
    dispose: () => models.dispose(),
    gates,
  };
}

/** The gates' sizes and the Plus model from config (PLUS_OPENAI_MODEL needs the remote endpoint set). */
export function planPriorityOptions(config: TConfig): TPlanPriorityOptions {
  const hasRemote = Boolean(config.OPENAI_BASE_URL || config.OPENAI_API_KEY);
  return {
    localConcurrency: config.LOCAL_MODEL_CONCURRENCY,
    remoteConcurrency: config.REMOTE_MODEL_CONCURRENCY,
    freeShare: config.FREE_CONCURRENCY_SHARE,
    plusRemoteModel:
      hasRemote && config.PLUS_OPENAI_MODEL
        ? createOpenAICompatibleModel({
            baseURL: config.OPENAI_BASE_URL || undefined,
            apiKey: config.OPENAI_API_KEY || undefined,
            model: config.PLUS_OPENAI_MODEL,
          })
        : null,
  };
}
