// The order an encoder works in, for both embedded ones: a reply's texts before background ones (the judge's
// facts, re-embedding), one run of texts at a time. A run cannot be cut short, so a reply's text that comes
// meanwhile waits for the run under way and no more; what waits meanwhile goes together into the next run.
import type { TEmbedOptions } from './embedder.ts';

type TJob = {
  texts: string[];
  /** The first text not yet taken into a run. */
  next: number;
  /** The vectors of the texts encoded so far. */
  vectors: number[][];
  resolve(vectors: number[][]): void;
  reject(error: unknown): void;
};

export type TPriorityRuns = (texts: string[], options?: TEmbedOptions) => Promise<number[][]>;

export function createPriorityRuns(options: {
  /** Texts of replies' jobs per run, taken whole (a larger job runs alone). */
  replyRun: number;
  /** Background texts per run, cut from their jobs. */
  backgroundRun: number;
  /** Encodes one run: a vector per text, in order. */
  encode(texts: string[]): Promise<number[][]>;
}): TPriorityRuns {
  const replies: TJob[] = [];
  const background: TJob[] = [];
  let isRunning = false;

  /** The next run: whole reply jobs, else the next few background texts. */
  const nextRun = () => {
    const parts: { job: TJob; count: number }[] = [];
    let room = replies.length > 0 ? options.replyRun : options.backgroundRun;
    if (replies.length > 0) {
      for (let job = replies[0]; job && (parts.length === 0 || job.texts.length <= room); job = replies[0]) {
        replies.shift();
        parts.push({ job, count: job.texts.length });
        room -= job.texts.length;
      }
      return parts;
    }
    for (const job of background) {
      if (room === 0) break;
      const count = Math.min(room, job.texts.length - job.next);
      parts.push({ job, count });
      room -= count;
    }
    return parts;
  };

  /** Takes an answered job out of the background queue (reply jobs left theirs when taken). */
  const leave = (job: TJob) => {
    const at = background.indexOf(job);
    if (at >= 0) background.splice(at, 1);
  };

  const drain = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      while (replies.length > 0 || background.length > 0) {
        const parts = nextRun();
        const texts = parts.flatMap(({ job, count }) => job.texts.slice(job.next, job.next + count));
        for (const part of parts) part.job.next += part.count;
        try {
          const vectors = await options.encode(texts);
          let at = 0;
          for (const { job, count } of parts) {
            job.vectors.push(...vectors.slice(at, at + count));
            at += count;
            if (job.vectors.length < job.texts.length) continue;
            leave(job);
            job.resolve(job.vectors);
          }
        } catch (error) {
          for (const { job } of parts) {
            leave(job);
            job.reject(error);
          }
        }
      }
    } finally {
      isRunning = false;
    }
  };

  return (texts, embedOptions) => {
    if (texts.length === 0) return Promise.resolve([]);
    return new Promise<number[][]>((resolve, reject) => {
      const job = { texts, next: 0, vectors: [], resolve, reject };
      (embedOptions?.background ? background : replies).push(job);
      void drain();
    });
  };
}
