// Loads a GGUF with node-llama-cpp's prebuilt binaries from npm (nothing is downloaded or compiled at run
// time), with the context the caller makes for it; a failed load frees what it took.
//
// node-llama-cpp itself (about 240 modules, 11 MB of a server's heap) is imported here, on the first load,
// not at start: a server whose models are remote never loads it.
import type { Llama, LlamaModel } from 'node-llama-cpp';

export type TLlamaLib = typeof import('node-llama-cpp');

export type TLoadedModel<C> = {
  /** node-llama-cpp, for its classes (LlamaChat, ...). */
  lib: TLlamaLib;
  llama: Llama;
  model: LlamaModel;
  context: C;
};

export async function loadPrebuiltModel<C>(
  options: { modelPath: string; gpu?: 'auto' | false },
  makeContext: (model: LlamaModel) => Promise<C>,
  /** What a failed load (after llama.cpp started) is thrown as. */
  loadError: (error: unknown) => unknown = (error) => error,
): Promise<TLoadedModel<C>> {
  const lib = await import('node-llama-cpp');
  const llama = await lib.getLlama({
    gpu: options.gpu ?? 'auto',
    build: 'never',
    logLevel: lib.LlamaLogLevel.error,
  });
  try {
    const model = await llama.loadModel({ modelPath: options.modelPath });
    return { lib, llama, model, context: await makeContext(model) };
  } catch (error) {
    await llama.dispose();
    throw loadError(error);
  }
}
