/** The demo stores as their tenant files describe them: what the viewer should see. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server-process.ts';

type Text = string | { ja: string; en?: string };

export type Tenant = {
  storeId: string;
  hosts: string[];
  serviceName: string;
  businessName: string;
  colors: { accentColor: string };
  plans: Array<{ planId: string; planName: Text; visible?: boolean }>;
};

export const DEMO_STORE_IDS = ['aozora', 'kurenai', 'midori'] as const;

export function tenantFile(storeId: string): string {
  return join(ROOT, 'tenants', `${storeId}.json`);
}

export function loadTenant(storeId: string): Tenant {
  return JSON.parse(readFileSync(tenantFile(storeId), 'utf8')) as Tenant;
}

export function textIn(text: Text, lang: 'ja' | 'en'): string {
  return typeof text === 'string' ? text : lang === 'en' ? (text.en ?? text.ja) : text.ja;
}

/** The plan names a viewer sees on the plan page (hidden plans excluded). */
export function visiblePlanNames(tenant: Tenant, lang: 'ja' | 'en' = 'ja'): string[] {
  return tenant.plans.filter((p) => p.visible !== false).map((p) => textIn(p.planName, lang));
}

/** '#1565c0' -> 'rgb(21, 101, 192)', the form getComputedStyle answers with. */
export function hexToRgb(hex: string): string {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** A string as a literal inside a RegExp. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
