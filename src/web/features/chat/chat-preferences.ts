// The chat screen's switches, kept by the route across a change of character and a reload.

/** Switches that outlive a change of character and a reload (spec §9 defaults: voice on, monologue off, memory on). */
export type TChatPreferences = {
  isVoiceOn: boolean;
  setIsVoiceOn: (on: boolean) => void;
  isMonologueOn: boolean;
  setIsMonologueOn: (on: boolean) => void;
  isMemoryOn: boolean;
  setIsMemoryOn: (on: boolean) => void;
  isPanelOpen: boolean;
  setIsPanelOpen: (open: boolean) => void;
};
