// A code sent after the answer (decision 0009): the job the request records and the mail worker's
// `deliverQueued` turns into a code and a mail. Apart from the service so that a command in plain
// Node (the support command's resend, decision 0051) can queue one without the mail templates.
import type { Language } from '#domain/language.ts';
import type { AuthCodePurpose } from '#domain/validation/send-pin-code.ts';

/** The job's stored kind and payload (jobs from before `purpose` are login codes). */
export const QUEUED_CODE_JOB = 'loginCode';
export type QueuedCodeJob = { identifier: string; lang: Language; purpose?: AuthCodePurpose };
