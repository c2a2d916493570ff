import { z } from 'zod';
import { assetUrl, hexColor, languageSchema, localizedText, slug } from './common.ts';
import { footers } from './footer.ts';
import { legalNotice } from './legal.ts';
import { maintenanceSettings } from './maintenance.ts';
import { oidcSettings } from './oidc.ts';
import { campaign, plan, survey } from './plans.ts';
import { consentOption, policy } from './policies.ts';
import { signupFields } from './signup-fields.ts';

export const THEMES = ['standard', 'cinema', 'sakura'] as const;

export const hostName = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'a lower-case host name without port, e.g. shop.example.jp',
  )
  .describe('A host name (no port) that reaches this store.');

export const paymentMethodType = z.enum([
  'CampaignCode',
  'PaypalNvp',
  'PaypalRest',
  'SbpsAuSimple',
  'SbpsAuone',
  'SbpsCredit',
  'SbpsDocomo',
  'SbpsPaypay',
  'SbpsSoftbank',
  'SbpsSoftbankYahoo',
]);

export const EXTERNAL_ID_PROVIDERS = ['line', 'google', 'yahoojp', 'facebook'] as const;
const externalIdClient = z
  .object({
    clientId: z.string().min(1).max(200).describe('The client id (LINE: channel ID; Facebook: app ID) the provider gave this store.'),
    clientSecretEnv: z
      .string()
      .regex(/^EXTERNAL_ID_[A-Z0-9_]{1,88}$/, 'an environment variable named EXTERNAL_ID_...')
      .optional()
      .describe('The environment variable (EXTERNAL_ID_...) that holds the client secret; never the secret itself.'),
  })
  .strict();
type ExternalIdClientShape = Record<(typeof EXTERNAL_ID_PROVIDERS)[number], z.ZodOptional<typeof externalIdClient>>;

const authCodePurpose = z
  .object({ displayName: localizedText.describe('What the code is called on screen and in the mail, e.g. 認証コード.') })
  .strict();

export const storeSettings = z
  .object({
    $schema: z.string().optional().describe('Path to the JSON Schema, for editors.'),
    storeId: slug.describe('Stable identifier of the store; never changes once applied.'),
    hosts: z.array(hostName).min(1).describe('Host names that reach this store (the first is canonical).'),
    publicOrigin: z
      .url({ protocol: /^https?$/ })
      .refine((u) => new URL(u).origin === u.replace(/\/$/, ''), { message: 'must be an origin: scheme, host and port only' })
      .transform((u) => new URL(u).origin)
      .optional()
      .describe(
        'Origin of links in mails (scheme, host, port), e.g. https://www.example.jp. Default: https:// + the first host (http:// and the server port for localhost names). Never taken from a request.',
      ),
    defaultLanguage: languageSchema.default('ja').describe('Language when the viewer states none.'),
    serviceName: z.string().min(1).max(60).describe('The service name in the header, titles and mails.'),
    serviceDescription: localizedText.optional().describe('Meta description and home page lead.'),
    businessName: z.string().min(1).max(100).describe('The operating company, shown on invoices and mails.'),
    theme: z.enum(THEMES).default('standard').describe('Design-token set from themes/.'),
    gtmId: z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/)
      .optional()
      .describe('Google Tag Manager container id; the snippet is added when set.'),
    images: z
      .object({
        logoPc: assetUrl.describe('Header logo on wide screens.'),
        logoSp: assetUrl.describe('Header logo below 1000 px.'),
        favicon: assetUrl.describe('Browser tab icon.'),
        appleTouchIcon: assetUrl
          .refine((url) => /\.png$/i.test(url.replace(/[?#].*$/, '')) || url.startsWith('data:image/png;'), {
            message: 'must be a PNG (iOS ignores other formats for the home-screen icon)',
          })
          .describe('Home-screen icon for iOS: a 180 x 180 PNG.'),
      })
      .strict()
      .describe('Logos and icons of the store.'),
    colors: z
      .object({
        accentColor: hexColor.describe('Buttons, links and highlights.'),
        secondaryAccentColor: hexColor.describe('Secondary buttons and accents.'),
        playerColor: hexColor.describe('Video player controls.'),
        headerBackground: hexColor.optional().describe('Header background; the theme default when missing.'),
        footerBackground: hexColor.optional().describe('Footer background; the theme default when missing.'),
      })
      .strict()
      .describe('Brand colours; they override the theme. White text is drawn on accentColor.'),
    footers,
    enablePoweredByPvs: z.boolean().default(false).describe('Show the "powered by" line in the footer.'),
    features: z
      .object({
        newsletter: z.boolean().default(false).describe('Mail magazine consent in My Page.'),
        privacy: z.boolean().default(false).describe('Privacy management consent in My Page.'),
        pinCode: z.boolean().default(false).describe('Profile PIN code for the TV app.'),
        oidcConnections: z.boolean().default(false).describe('Connected apps in My Page.'),
        userId: z.boolean().default(false).describe('Members may have a user ID and log in with it.'),
        password: z.boolean().default(true).describe('Members may have a password.'),
        profileImage: z.boolean().default(false).describe('Members may upload a profile image.'),
      })
      .strict()
      .prefault({})
      .describe('Optional parts of the product this store offers.'),
    defaultLoginType: z.enum(['password', 'authCode']).default('password').describe('Login screen mode shown first.'),
    externalIdProviders: z
      .array(z.enum(['line', 'google', 'yahoojp', 'facebook']))
      .default([])
      .describe('External IDs offered for sign-in.'),
    externalIdClients: z
      .object(
        Object.fromEntries(
          EXTERNAL_ID_PROVIDERS.map((p) => [p, externalIdClient.optional().describe(`This store's client at ${p}.`)]),
        ) as ExternalIdClientShape,
      )
      .strict()
      .prefault({})
      .describe(
        "This store's client registration at each external-ID provider. With the local identity providers (ID_SANDBOX) an unset client id is the store id and the secret is derived; with a real provider both are needed.",
      ),
    signupFields: signupFields.prefault({}),
    passwordStrength: z
      .enum(['NONE', 'UPPER_CASE', 'SYMBOL', 'UPPER_CASE_SYMBOL'])
      .default('NONE')
      .describe('Extra password rules beyond a lower-case letter and a digit.'),
    disallowUnknownGender: z.boolean().default(false).describe('Remove the "decline to answer" sex value.'),
    genderInputType: z
      .enum(['Select', 'Radio'])
      .default('Select')
      .describe('How the sex is asked: a drop-down (Select) or radio buttons (Radio).'),
    signupPolicyFirst: z.boolean().default(false).describe('Show the policy step first (4 sign-up steps instead of 3).'),
    authCode: z
      .object({
        validityMinutes: z.number().int().min(5).max(1440).default(60).describe('Minutes a code stays valid.'),
        purposes: z
          .object({
            signUp: authCodePurpose.optional().describe('Code sent during sign-up.'),
            login: authCodePurpose.optional().describe('Code sent for code login.'),
            mailEdit: authCodePurpose.optional().describe('Code that confirms a new e-mail address.'),
            passwordSetting: authCodePurpose.optional().describe('Code that confirms setting a password.'),
            withdraw: authCodePurpose.optional().describe('Code that confirms withdrawal.'),
          })
          .strict()
          .prefault({})
          .describe('Per-purpose wording of the code; the product default when missing.'),
      })
      .strict()
      .prefault({})
      .describe('One-time e-mail codes.'),
    mail: z
      .object({
        smtpDomain: hostName.describe('Domain of the sender address (no-reply@<smtpDomain>).'),
        fromName: z.string().min(1).max(60).optional().describe('Sender display name; the service name when missing.'),
      })
      .strict()
      .describe('Outgoing mail of this store.'),
    botCheck: z.enum(['off', 'sandbox']).default('off').describe('Bot check on login and sign-up.'),
    paymentMethods: z.array(paymentMethodType).default([]).describe('Payment methods offered, in display order.'),
    invoice: z
      .object({
        businessName: z
          .string()
          .min(1)
          .max(100)
          .optional()
          .describe('The registered business name printed on invoices; businessName when missing.'),
        registrationNumber: z
          .string()
          .regex(/^T\d{13}$/, { message: 'must be T followed by 13 digits' })
          .describe('Qualified-invoice registration number (T and 13 digits).'),
        logo: assetUrl
          .optional()
          .describe(
            'Logo printed on invoices, which are white sheets: give one drawn for a light background when the header logo is drawn for a dark one. images.logoPc when missing.',
          ),
      })
      .strict()
      .optional()
      .describe('Qualified invoices printed from the payment history; without it the invoice has no registration number.'),
    legal: legalNotice.optional(),
    plans: z.array(plan).default([]).describe('Plans listed on /plans, in display order.'),
    campaigns: z.array(campaign).default([]).describe('Campaign codes that lower the price of subscription plans.'),
    surveys: z.array(survey).default([]).describe('Questionnaires referenced by plans and the withdrawal.'),
    withdrawalSurveyId: slug.optional().describe('Survey asked on the withdrawal confirmation (/withdraw); none when missing.'),
    policies: z.array(policy).default([]).describe('Terms of use and privacy policy members consent to.'),
    consentOptions: z.array(consentOption).default([]).describe('Optional consents (newsletter, privacy) members may give or withdraw.'),
    oidc: oidcSettings.describe('This store as an OpenID provider: its client applications, scopes and consent notes.'),
    maintenance: maintenanceSettings.optional(),
  })
  .strict()
  .superRefine((s, ctx) => {
    const dup = <T>(items: T[], key: (t: T, i: number) => string, path: string) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        const k = key(item, i);
        if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [path, i], message: `duplicate ${k}` });
        seen.add(k);
      });
    };
    dup(s.hosts, (h) => h, 'hosts');
    dup(s.plans, (p) => p.planId, 'plans');
    dup(s.surveys, (v) => v.surveyId, 'surveys');
    // Automatic campaigns without a code get a key of their own (their index), so only codes are compared.
    dup(s.campaigns, (c, i) => (c.code === undefined ? `#${i}` : c.code.toUpperCase()), 'campaigns');
    dup(s.policies, (p) => p.key, 'policies');
    dup(s.consentOptions, (o) => o.consentOptionId, 'consentOptions');
    const surveyIds = new Set(s.surveys.map((v) => v.surveyId));
    s.plans.forEach((p, i) => {
      if (p.surveyId && !surveyIds.has(p.surveyId))
        ctx.addIssue({ code: 'custom', path: ['plans', i, 'surveyId'], message: `unknown survey ${p.surveyId}` });
      if (p.cancelSurveyId && !surveyIds.has(p.cancelSurveyId))
        ctx.addIssue({ code: 'custom', path: ['plans', i, 'cancelSurveyId'], message: `unknown survey ${p.cancelSurveyId}` });
      // Compare instants, not strings: the two dates may carry different offsets (Z vs +09:00).
      if (p.salesStartDate && p.salesEndDate && Date.parse(p.salesStartDate) >= Date.parse(p.salesEndDate)) {
        ctx.addIssue({ code: 'custom', path: ['plans', i, 'salesEndDate'], message: 'must be after salesStartDate' });
      }
    });
    if (s.withdrawalSurveyId && !surveyIds.has(s.withdrawalSurveyId))
      ctx.addIssue({ code: 'custom', path: ['withdrawalSurveyId'], message: `unknown survey ${s.withdrawalSurveyId}` });
    const planIds = new Set(s.plans.map((p) => p.planId));
    s.campaigns.forEach((c, i) => {
      c.planIds.forEach((id, j) => {
        if (!planIds.has(id)) ctx.addIssue({ code: 'custom', path: ['campaigns', i, 'planIds', j], message: `unknown plan ${id}` });
      });
    });
    if (s.signupFields.userId !== 'NOT_USE' && !s.features.userId) {
      ctx.addIssue({ code: 'custom', path: ['signupFields', 'userId'], message: 'needs features.userId to be true' });
    }
    if (s.signupPolicyFirst && !s.policies.some((p) => p.key === 'terms')) {
      ctx.addIssue({ code: 'custom', path: ['signupPolicyFirst'], message: 'needs a terms policy in policies' });
    }
  })
  .describe('The settings document of one store (tenant).');

export type StoreSettings = z.infer<typeof storeSettings>;
export type PaymentMethodType = z.infer<typeof paymentMethodType>;
export type StoreSettingsInput = z.input<typeof storeSettings>;
export type FooterLink = StoreSettings['footers']['footerLinks'][number];
