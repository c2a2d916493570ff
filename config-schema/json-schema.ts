import { z } from 'zod';
import { storeSettings } from './store-settings.ts';

/** The JSON Schema that tenant files reference with "$schema", for editor completion and checks. */
export function storeSettingsJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(storeSettings, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, $id: 'store-settings.schema.json', title: 'Store settings' };
}
