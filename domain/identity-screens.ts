import { z } from 'zod';
import { policy } from '#config-schema/policies.ts';
import { publicStoreSettings } from '#config-schema/public-settings.ts';
import { EXTERNAL_ID_TYPES } from './external-ids/entries.ts';
import { planCardSchema } from './screens.ts';
import { PROFILE_FIELDS } from './validation/profile-field-list.ts';

/**
 * The screen data of the login, logout, sign-up and password pages (and the development outbox):
 * the contract between server/platform/screens/identity-screens.ts and its React pages. Every schema is
 * strict, so a stray field (above all a `redirectTo`, which screen data obeys at once) is refused.
 */

export const loginTypeSchema = publicStoreSettings.shape.defaultLoginType;
export type LoginType = z.infer<typeof loginTypeSchema>;

/** /login */
export const loginScreenSchema = z
  .object({
    /** The form's mode: ?loginType when valid, else the store's default. */
    loginType: loginTypeSchema,
    /** Where to go after logging in: a same-site path, or '' for the default. Never `redirectTo`. */
    returnTo: z.string(),
  })
  .strict();
export type LoginScreen = z.infer<typeof loginScreenSchema>;

/** The code pages' timing: how long the code lasts and when to offer resending. */
export const codeTimingSchema = z
  .object({
    validityMinutes: z.number().int().positive(),
    /** The resend link waits this long after page entry and after each resend. */
    resendCountdownSeconds: z.number().int().positive(),
    /** After this long, a hint to resend ("not arrived?"). */
    resendHintMinutes: z.number().int().positive(),
  })
  .strict();
export type CodeTiming = z.infer<typeof codeTimingSchema>;

/** /login/code */
export const loginCodeScreenSchema = z
  .object({
    ...codeTimingSchema.shape,
    /** a***@example.jp; null when the viewer typed a user ID (the address is not shown then). */
    maskedEmail: z.string().nullable(),
  })
  .strict();
export type LoginCodeScreen = z.infer<typeof loginCodeScreenSchema>;

/** /logout */
export const logoutScreenSchema = z
  .object({
    /** Seconds until the page moves on to the top page. */
    redirectSeconds: z.number().int().positive(),
    /**
     * false when a member arrived from another site (or a sibling store): the session was kept,
     * and the page asks them to confirm instead of saying they have logged out.
     */
    loggedOut: z.boolean(),
  })
  .strict();
export type LogoutScreen = z.infer<typeof logoutScreenSchema>;

/** Where the viewer is in sign-up: 3 steps, or 4 when the store asks for consent first. */
const signupStep = {
  step: z.number().int().min(1),
  totalSteps: z.literal([3, 4]),
};
const withinSteps = (d: { step: number; totalSteps: number }) => d.step <= d.totalSteps;
const stepError = { path: ['step'], message: 'step is past totalSteps' };

/** /signup/auth and /signup/complete: the step alone. */
export const signupStepScreenSchema = z.object(signupStep).strict().refine(withinSteps, stepError);
export type SignupStepScreen = z.infer<typeof signupStepScreenSchema>;

const externalIdType = z.enum(EXTERNAL_ID_TYPES);

/** /signup/email: the step; in a sign-up with an external ID, the provider and its unproven address (null: none given). */
export const signupEmailScreenSchema = z
  .object({
    ...signupStep,
    externalId: z.object({ provider: externalIdType, email: z.string().nullable() }).strict().optional(),
  })
  .strict()
  .refine(withinSteps, stepError);
export type SignupEmailScreen = z.infer<typeof signupEmailScreenSchema>;

/** A store policy as the consent form shows it, in the viewer's language. */
export const policyViewSchema = z
  .object({
    policyId: z.string(),
    /** The revision the viewer consents to. */
    revision: z.number().int().min(1),
    key: policy.shape.key,
    title: z.string(),
    /** true: the text lives at externalUrl and the viewer ticks a box; false: body is shown. */
    isExternal: z.boolean(),
    externalUrl: z.string().nullable(),
    /** Internal policies: paragraphs separated by blank lines; '' for external ones. */
    body: z.string(),
  })
  .strict();
export type PolicyView = z.infer<typeof policyViewSchema>;

/** /signup (consent first) and /signup/policy (consent after the code). */
export const signupPolicyScreenSchema = z
  .object({ ...signupStep, policies: z.array(policyViewSchema) })
  .strict()
  .refine(withinSteps, stepError);
export type SignupPolicyScreen = z.infer<typeof signupPolicyScreenSchema>;

/** /signup/pin-code */
export const signupPinCodeScreenSchema = z
  .object({
    ...signupStep,
    ...codeTimingSchema.shape,
    /** The address the code went to (the viewer's own, shown in full). */
    email: z.string().min(1),
  })
  .strict()
  .refine(withinSteps, stepError);
export type SignupPinCodeScreen = z.infer<typeof signupPinCodeScreenSchema>;

/** /signup/form */
export const signupFormScreenSchema = z
  .object({
    ...signupStep,
    /** The verified address, shown read-only in the form. */
    email: z.string().min(1),
    /**
     * A sign-up with an external ID: the provider, and the form's starting values from what it
     * gave (the viewer may change them). The form then sets no password: the ID is the way in.
     */
    externalId: z
      .object({
        provider: externalIdType,
        defaults: z.partialRecord(z.enum(PROFILE_FIELDS), z.string()),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine(withinSteps, stepError);
export type SignupFormScreen = z.infer<typeof signupFormScreenSchema>;

/** /signup/plans: right after sign-up, the store's plans. */
export const signupPlansScreenSchema = z
  .object({ ...signupStep, plans: z.array(planCardSchema) })
  .strict()
  .refine(withinSteps, stepError);
export type SignupPlansScreen = z.infer<typeof signupPlansScreenSchema>;

/** /password/forgot and /password/forgot/complete */
export const passwordForgotScreenSchema = z
  .object({
    /** Minutes after which the viewer is told to check the address or ask again. */
    hintMinutes: z.number().int().positive(),
  })
  .strict();
export type PasswordForgotScreen = z.infer<typeof passwordForgotScreenSchema>;

/** /password/reset */
export const passwordResetScreenSchema = z
  .object({
    /** Whether ?token names an unused, unexpired reset link of this store. */
    tokenValid: z.boolean(),
    /** How long a reset link lasts (shown when it is invalid). */
    validityMinutes: z.number().int().positive(),
  })
  .strict();
export type PasswordResetScreen = z.infer<typeof passwordResetScreenSchema>;

/** /password/reset/complete: nothing. */
export const passwordResetCompleteScreenSchema = z.object({}).strict();
export type PasswordResetCompleteScreen = z.infer<typeof passwordResetCompleteScreenSchema>;

/** A mail the store kept in its outbox. */
export const outboxMailSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    /** Header style: "Name" <address>. */
    from: z.string(),
    subject: z.string(),
    text: z.string(),
    /**
     * What the mail is (authCode, passwordReset, loginAlert, welcome). A string, not an enum: the
     * outbox keeps whatever kind was sent, and the page shows an unknown kind as it is.
     */
    kind: z.string(),
    /** ISO 8601 in UTC. */
    createdAt: z.iso.datetime(),
  })
  .strict();
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/** /dev/outbox (development only): the store's latest mails, newest first. */
export const outboxScreenSchema = z.object({ mails: z.array(outboxMailSchema) }).strict();
export type OutboxScreen = z.infer<typeof outboxScreenSchema>;
