// A remote encoder: any OpenAI-compatible POST /v1/embeddings (OpenAI, vLLM, LM Studio, Ollama, LocalAI).
import { EMBEDDING_DIMENSIONS, normalise, type TEmbedder } from './embedder.ts';

export type TOpenAIEmbedderOptions = { baseURL: string; model: string; apiKey?: string; timeoutMs?: number };

export function createOpenAIEmbedder(options: TOpenAIEmbedderOptions): TEmbedder {
  const url = `${options.baseURL.replace(/\/+$/, '')}/embeddings`;
  return {
    id: `openai-compatible:${options.model}`,
    async embed(texts) {
      if (texts.length === 0) return [];
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        // Models that can shorten their vectors (text-embedding-3-*) are asked for the column's width.
        body: JSON.stringify({ model: options.model, input: texts, dimensions: EMBEDDING_DIMENSIONS }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`The embeddings endpoint answered ${response.status}`);
      }
      const body = (await response.json()) as { data?: { index?: number; embedding?: number[] }[] };
      const data = [...(body.data ?? [])].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      if (data.length !== texts.length) throw new Error('The embeddings endpoint returned the wrong count');
      return data.map((d) => {
        const v = d.embedding ?? [];
        if (v.length !== EMBEDDING_DIMENSIONS) {
          throw new Error(
            `The embeddings model gives ${v.length} numbers; memory search needs ${EMBEDDING_DIMENSIONS} (choose a model that can shorten its vectors)`,
          );
        }
        return normalise(v);
      });
    },
  };
}
