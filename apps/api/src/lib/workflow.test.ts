import { describe, expect, it } from 'vitest';
import { runSteps, type Step, type StepFailure } from './workflow.ts';

type Trace = { log: string[] };
const step = (name: string, o: { fail?: boolean; undo?: boolean } = {}): Step<Trace> => ({
  name,
  run: async (s) => {
    if (o.fail) throw new Error(`${name} failed`);
    s.log.push(`run ${name}`);
  },
  ...(o.undo ? { undo: async (s: Trace) => void s.log.push(`undo ${name}`) } : {}),
});

describe('runSteps: named steps that undo themselves', () => {
  it('runs every step in order and hands the state on', async () => {
    const state = await runSteps([step('a'), step('b', { undo: true }), step('c')], { log: [] });
    expect(state.log).toEqual(['run a', 'run b', 'run c']);
  });

  it('a failing step undoes the steps already done, newest first, and the failure goes on', async () => {
    const failures: StepFailure[] = [];
    const state: Trace = { log: [] };
    const run = runSteps(
      [step('reserve', { undo: true }), step('check'), step('hold', { undo: true }), step('open', { fail: true }), step('never', { undo: true })],
      state,
      { onFailure: (f) => failures.push(f) },
    );
    await expect(run).rejects.toThrow('open failed');
    expect(state.log).toEqual(['run reserve', 'run check', 'run hold', 'undo hold', 'undo reserve']);
    expect(failures).toEqual([{ step: 'open', undone: ['hold', 'reserve'], error: expect.any(Error) }]);
  });

  it('tells of the failure before undoing anything', async () => {
    const state: Trace = { log: [] };
    await runSteps([step('reserve', { undo: true }), step('open', { fail: true })], state, {
      onFailure: () => void state.log.push('failure seen'),
    }).catch(() => {});
    expect(state.log).toEqual(['run reserve', 'failure seen', 'undo reserve']);
  });

  it('a failure before anything that undoes leaves nothing to undo', async () => {
    const failures: StepFailure[] = [];
    await expect(runSteps([step('check', { fail: true }), step('reserve', { undo: true })], { log: [] }, { onFailure: (f) => failures.push(f) })).rejects.toThrow(
      'check failed',
    );
    expect(failures[0]?.undone).toEqual([]);
  });

  it('an undo that fails stops the undoing and its error is thrown', async () => {
    const state: Trace = { log: [] };
    const broken: Step<Trace> = { name: 'broken', run: async () => {}, undo: async () => Promise.reject(new Error('undo failed')) };
    await expect(runSteps([step('first', { undo: true }), broken, step('last', { fail: true })], state)).rejects.toThrow('undo failed');
    expect(state.log).toEqual(['run first']);
  });
});
