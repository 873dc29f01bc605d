/**
 * Workflows as chains of named steps (CONVENTIONS.md 6). A step that reserves or writes
 * something says how to take it back; when a later step fails, the steps already done are
 * undone in reverse order and the failure goes on to the caller. A step without `undo` changed
 * nothing that needs taking back (a check, a read, a call whose result dies with the request).
 */
export type Step<State> = {
  /** what the step does, for logs and for the caller's failure handling */
  readonly name: string;
  run(state: State): Promise<void>;
  undo?(state: State): Promise<void>;
};

/** Why a workflow stopped: the step that failed, whether anything was undone, and the error. */
export type StepFailure = { step: string; undone: string[]; error: unknown };

export type WorkflowHooks = {
  /**
   * Called when a step fails, before anything is undone, with the steps about to be undone
   * (newest first). The failure is still thrown afterwards.
   */
  onFailure?(failure: StepFailure): void;
};

/**
 * Runs `steps` in order on one shared `state`; the state is the steps' way of handing results
 * on (a reserved order, an opened session). An undo that itself fails stops the undoing and
 * its error is thrown instead: what it could not take back is left to the owner's own expiry.
 */
export async function runSteps<State>(steps: readonly Step<State>[], state: State, hooks: WorkflowHooks = {}): Promise<State> {
  const done: Step<State>[] = [];
  for (const step of steps) {
    try {
      await step.run(state);
    } catch (error) {
      const toUndo = done.filter((d) => d.undo).reverse();
      hooks.onFailure?.({ step: step.name, undone: toUndo.map((d) => d.name), error });
      for (const d of toUndo) await d.undo!(state);
      throw error;
    }
    done.push(step);
  }
  return state;
}
