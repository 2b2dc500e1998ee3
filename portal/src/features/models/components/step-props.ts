import type { Model, ModelPatch } from '../api/model-types';

/** Next saves and moves on (or finishes on the last step); draft saves and stays. */
export type SaveIntent = 'next' | 'draft';

/** What every step after the first receives from the flow. */
export interface StepProps {
  model: Model;
  /** Saves the step's part of the model; rejects with the API error so the step can show field errors. */
  onSave: (patch: ModelPatch, intent: SaveIntent) => Promise<void>;
  onBack: () => void;
  isLast: boolean;
}
