// Loads a GGUF with node-llama-cpp's prebuilt binaries from npm (nothing is downloaded or compiled at run
// time), with the context the caller makes for it; a failed load frees what it took.
import { getLlama, type Llama, LlamaLogLevel, type LlamaModel } from 'node-llama-cpp';

export type TLoadedModel<C> = { llama: Llama; model: LlamaModel; context: C };

export async function loadPrebuiltModel<C>(
  options: { modelPath: string; gpu?: 'auto' | false },
  makeContext: (model: LlamaModel) => Promise<C>,
  /** What a failed load (after llama.cpp started) is thrown as. */
  loadError: (error: unknown) => unknown = (error) => error,
): Promise<TLoadedModel<C>> {
  const llama = await getLlama({ gpu: options.gpu ?? 'auto', build: 'never', logLevel: LlamaLogLevel.error });
  try {
    const model = await llama.loadModel({ modelPath: options.modelPath });
    return { llama, model, context: await makeContext(model) };
  } catch (error) {
    await llama.dispose();
    throw loadError(error);
  }
}
