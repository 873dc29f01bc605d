import type { StakingProgress } from '../model/use-staking-actions.ts';

const LABEL = { DEFAULT: '', PROCESSING: 'Processing', SUCCESS: 'Success', FAILED: 'Failed' } as const;

/** The action's status (DEFAULT, PROCESSING, SUCCESS, FAILED), announced as it changes. */
export function StatusLine({ progress }: { progress: StakingProgress }) {
  return (
    <p
      role="status"
      className={`staking-status staking-status--${progress.status.toLowerCase()}`}
      data-status={progress.status}
    >
      {progress.status !== 'DEFAULT' && (
        <>
          <strong>{LABEL[progress.status]}:</strong> {progress.text}
        </>
      )}
    </p>
  );
}
