// An exchange waiting for the memory judge: queued as a pg-boss job after the reply, judged when it runs.
import { isLocalModel, type TModelSet } from '../../ai/model-set.ts';
import { queuedExchangeContext } from '../../db/queries/memory-facts.ts';
import type { TJudgeJob } from '../../jobs/judge-queue.ts';
import { modelOfVector, type TEmbedder } from '../../memory/embedder.ts';
import type { TMemoryIndex } from '../../memory/memory-index.ts';
import { rememberExchange, type TRememberInput } from './remember-facts.ts';

/** The job that waits in the database: the model's kind, not the model (a model object cannot be stored). */
export function toJudgeJob(input: TRememberInput, embedder: TEmbedder): TJudgeJob {
  return {
    userId: input.userId,
    characterId: input.characterId,
    characterName: input.characterName,
    chatLogUuid: input.chatLogUuid,
    messagePosition: input.messagePosition ?? null,
    sentAt: input.sentAt ?? new Date().toISOString(),
    message: input.message,
    reply: input.reply,
    modelKind: isLocalModel(input.model) ? 'local' : 'remote',
    embedding: input.embedding ?? null,
    embeddingModel: input.embedding ? modelOfVector(embedder, input.embedding) : null,
  };
}

/** Runs a job: the model is taken again by its kind, and nothing is kept of what was deleted meanwhile. */
export async function judgeQueuedExchange(
  index: TMemoryIndex,
  models: TModelSet | undefined,
  job: TJudgeJob,
  signal: AbortSignal,
): Promise<void> {
  if (!models) throw new Error('Judging an exchange needs the chat models');
  // Deleted while it waited (the account, the chat or the character): nothing of it is kept. The person's
  // name and time zone for the judge come in the same statement.
  const { isGone, person } = await queuedExchangeContext(index.db, job);
  if (isGone) return;
  const model = await models.forBackground(job.modelKind);
  // A model that is down is retried later (the judge itself reads a failed call as 'nothing to keep').
  if (!(await model.isAvailable())) throw new Error(`The ${job.modelKind} model is not available`);
  await rememberExchange(index, { ...job, model, person }, signal);
}
