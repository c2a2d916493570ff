import { z } from 'zod';
import { interactionUid } from '#domain/calls.ts';

/** An interaction's id, as our pages send it back. */
/** The interaction's id: the call table's (domain/calls.ts). */
export const uid = interactionUid;
const keys = z
  .union([z.string().max(64), z.array(z.string().max(64)).max(50)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

export const interactionQuery = z.object({ uid });

/** POST /oidc/consent/form (a form: repeated fields for the checked and the refused scopes). */
export const consentForm = z.object({ uid, addScope: keys, rejectScope: keys });

export const abortForm = z.object({ uid });
