// The chat models as the server uses them: one plan-aware set, built once at start and shared by the app
// and the jobs. Every model sits behind a gate where the first plan's replies go ahead (a priority queue in
// front of the local model, a per-plan share of the remote slots); a plan may answer with its own remote
// model; background work (check-ins, the memory judge) waits in the queue after every person's reply.

import { planTable, type TPlanName, type TPlanTable } from '../billing/plans.ts';
import type { TConfig } from '../config.ts';
import { eventLoopLagProbe } from '../lib/event-loop-lag.ts';
import { AdaptiveLimit } from './adaptive-limit.ts';
import type { TChatModel } from './chat-model.ts';
import { gateModel } from './gated-model.ts';
import { PlanGate } from './plan-gate.ts';
import { createOpenAICompatibleModel } from './providers/openai-compatible.ts';
import {
  modelSelectionOptions,
  selectModels,
  type TModelKind,
  type TModelSelection,
} from './select-models.ts';

export type TModelSet = {
  /** The model for a person's reply on this path, behind their plan's place in the queue. @throws ModelUnavailableError */
  forPlan(kind: TModelKind, plan: TPlanName): Promise<TChatModel>;
  /** The model for background work: it waits behind every person's reply. @throws ModelUnavailableError */
  forBackground(kind: TModelKind): Promise<TChatModel>;
  /** Whether the local path (Ollama or the embedded model) can answer now: GET /ollama-health. */
  isLocalHealthy(): Promise<boolean>;
  /** Whether any chat model is set up (one that is down still counts): the chat's no-model notice. */
  hasModel(): Promise<boolean>;
  gates: { local: PlanGate; remote: PlanGate };
  /** The remote gate's size as learnt from the provider. */
  limits: { remote: AdaptiveLimit };
  dispose(): Promise<void>;
};

export type TModelSetOptions = {
  localConcurrency: number;
  /** The operator's ceiling for the remote model (REMOTE_MODEL_CONCURRENCY); absent: learnt from the provider. */
  remoteConcurrency?: number;
  plans: TPlanTable;
  /** Builds a plan's own remote model (PLUS_OPENAI_MODEL) on the configured endpoint. */
  remoteModelNamed?: (name: string) => TChatModel;
};

/** Event-loop lag (p90, ms) past which this server counts as busy: its late first tokens are its own. */
const BUSY_HERE_LAG_MS = 50;

/** Remote replies at once when no operator limit is set and the provider has not pushed back. */
export const REMOTE_LIMIT_CEILING = 1024;

// Model ids name their provider (see TChatModel.id): these run on this machine or its Ollama.
export const isLocalModel = (model: TChatModel) => /^(llama-cpp|ollama):/.test(model.id);

/** Wraps a selection (or one still being made) in the plan gates. */
export function createModelSet(
  source: () => Promise<Pick<TModelSelection, 'pickModel' | 'hasModel' | 'remote' | 'dispose'>>,
  options: TModelSetOptions,
): TModelSet {
  let selection: ReturnType<typeof source> | null = null;
  const selected = () => {
    selection ??= source();
    return selection;
  };
  const { plans } = options;
  const share = (n: number) => Math.min(n, Math.max(1, Math.floor(n * plans.free.remoteSlotShare)));
  // A remote provider's room is learnt (AIMD, ai/adaptive-limit.ts): the gate binds only once it pushes
  // back (429, or first tokens coming late), never at a fixed low number; the operator's limit is its ceiling.
  const lag = eventLoopLagProbe();
  const limits = {
    remote: new AdaptiveLimit({
      max: options.remoteConcurrency ?? REMOTE_LIMIT_CEILING,
      isBusyHere: () => lag() > BUSY_HERE_LAG_MS,
    }),
  };
  const gates = {
    // The local model is one machine's CPU: the first plan jumps the queue, but free may use an idle slot.
    local: new PlanGate(options.localConcurrency, options.localConcurrency),
    remote: new PlanGate(() => limits.remote.current(), share),
  };
  const ownRemote = new Map<TPlanName, TChatModel>();
  for (const plan of Object.keys(plans) as TPlanName[]) {
    const name = plans[plan].remoteModel;
    if (name && options.remoteModelNamed) ownRemote.set(plan, options.remoteModelNamed(name));
  }
  const wrapped = new WeakMap<TChatModel, Map<boolean, TChatModel>>();

  const gated = (model: TChatModel, isFirst: boolean): TChatModel => {
    let byClass = wrapped.get(model);
    if (!byClass) {
      byClass = new Map();
      wrapped.set(model, byClass);
    }
    const known = byClass.get(isFirst);
    if (known) return known;
    const result = isLocalModel(model)
      ? gateModel(model, gates.local, isFirst, null)
      : gateModel(model, gates.remote, isFirst, limits.remote);
    byClass.set(isFirst, result);
    return result;
  };

  const pick = async (kind: TModelKind, plan: TPlanName | null) => {
    const model = await (await selected()).pickModel(kind);
    const isFirst = plan !== null && plans[plan].isFirstForModel;
    const own = plan === null ? undefined : ownRemote.get(plan);
    if (own && !isLocalModel(model) && (await own.isAvailable())) return gated(own, isFirst);
    return gated(model, isFirst);
  };

  return {
    forPlan: (kind, plan) => pick(kind, plan),
    forBackground: (kind) => pick(kind, null),
    async isLocalHealthy() {
      const models = await selected();
      // pickModel('local') tries Ollama and the embedded model first, re-checking both (so an Ollama
      // started or a GGUF downloaded after start-up counts); it only returns the remote one as a fallback.
      try {
        const model = await models.pickModel('local');
        return model !== models.remote;
      } catch {
        return false;
      }
    },
    hasModel: async () => (await selected()).hasModel(),
    gates,
    limits,
    async dispose() {
      if (selection) await (await selection).dispose();
    },
  };
}

/**
 * The set from config. With a selection made already (index.ts logs it at start) it is used; otherwise the
 * selection is made on first use (tests and benches then do not wait for an Ollama check).
 */
export function modelSetFromConfig(config: TConfig, selection?: TModelSelection): TModelSet {
  return createModelSet(
    selection ? async () => selection : () => selectModels(modelSelectionOptions(config)),
    {
      localConcurrency: config.LOCAL_MODEL_CONCURRENCY,
      remoteConcurrency: config.REMOTE_MODEL_CONCURRENCY,
      plans: planTable(config),
      remoteModelNamed: (model) =>
        createOpenAICompatibleModel({
          baseURL: config.OPENAI_BASE_URL || undefined,
          apiKey: config.OPENAI_API_KEY || undefined,
          model,
        }),
    },
  );
}
