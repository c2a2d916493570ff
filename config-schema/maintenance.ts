import { z } from 'zod';
import { isoDateTime, localizedText } from './common.ts';

/**
 * The store's maintenance switch (decision 0047): while `enabled`, every page of the store is the
 * maintenance page (503) and every call a 503 error object with Retry-After; health checks, the
 * OpenID keys and the billing job go on.
 */
export const maintenanceSettings = z
  .object({
    enabled: z.boolean().default(false).describe('true: the store answers every page and call with 503 "under maintenance".'),
    message: localizedText.optional().describe("The calls' error message while in maintenance; the catalogue's 503 text when missing."),
    endsAt: isoDateTime
      .optional()
      .describe('When the maintenance is expected to end: sent as Retry-After. Only a hint: the store opens again when enabled is false.'),
  })
  .strict()
  .describe('Maintenance mode: on/off, a message in both languages and an optional expected end.');
export type MaintenanceSettings = z.infer<typeof maintenanceSettings>;
