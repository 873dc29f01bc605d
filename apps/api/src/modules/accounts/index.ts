export { PASSWORD_RESET_REQUEST_JOB, passwordResetRequestJob } from './password-reset-job.ts';
