import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { legalNoticeWarnings } from '#config-schema/legal.ts';
import { parseStoreSettingsJson, type SettingsIssue } from '#config-schema/parse.ts';
import type { Io, Output, WithAdmin } from './commands.ts';
import { formatTime, issueLines } from './format.ts';
import { texts } from './messages.ts';

const printJson = (io: Io, value: unknown) => io.out(JSON.stringify(value, null, 2));

/**
 * `preview <file>` (decision 0050): the draft is checked as apply checks it (the schema, then the
 * other stores' hosts and the plans it would drop with live subscriptions), refused with the same
 * issues, else kept as a private preview; prints its address and when it ends. With --json:
 * `{ result: preview | refused, storeId, address, expiresAt, hosts, issues }`.
 */
export async function previewCommand(
  file: string,
  ttlSeconds: number,
  author: string,
  io: Io,
  withAdmin: WithAdmin,
  output: Output,
): Promise<number> {
  const t = texts(output.lang);
  let text: string;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (e) {
    io.err(t.cannotRead(file, (e as Error).message));
    return 1;
  }
  const parsed = parseStoreSettingsJson(text, output.lang);
  if (!parsed.ok) return refuse(file, parsed.issues, io, output);
  const result = await withAdmin((admin) => admin.preview(JSON.parse(text), { ttlSeconds, author }));
  if (!result.ok) return refuse(file, result.issues, io, output);
  for (const warning of legalNoticeWarnings(result.settings)) io.err(`warning: ${warning}`);
  if (output.json) {
    printJson(io, {
      result: 'preview',
      storeId: result.storeId,
      address: result.address,
      expiresAt: result.expiresAt.toISOString(),
      hosts: result.settings.hosts,
      issues: [],
    });
    return 0;
  }
  io.out(t.preview(result.storeId, result.address));
  io.out(t.previewEnds(formatTime(result.expiresAt)));
  io.out(t.previewLimits);
  return 0;
}

function refuse(file: string, issues: SettingsIssue[], io: Io, output: Output): number {
  if (output.json) {
    printJson(io, { result: 'refused', file, issues });
    return 1;
  }
  io.out(texts(output.lang).refused(file));
  for (const line of issueLines(issues, output.lang)) io.out(line);
  return 1;
}
