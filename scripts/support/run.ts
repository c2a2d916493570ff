import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatJstDateTime } from '#domain/jst-date-time.ts';
import { ConfigError, loadConfig } from '#server/base/config.ts';
import type { SupportRequest } from '#server/features/support/requests.ts';
import type { Io } from '../store/commands.ts';
import { table } from '../store/format.ts';
import { adminLanguage } from '../store/messages.ts';
import { operatorName } from '../store/revisions.ts';
import { parseSupportArgs, SUPPORT_USAGE } from './args.ts';
import { connectSupport } from './connect.ts';
import { type SupportTexts, supportTexts } from './messages.ts';

// The project root, so the migrations are found whatever the working directory.
const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * The support command for one command line (decision 0051): argv without the node and script
 * names, io for the results (out) and the database line and errors (err), env for the
 * configuration. Answers the exit code; it never throws. scripts/support.ts runs it for the
 * process, tests in-process.
 */
export async function runSupportCli(argv: string[], io: Io, env: Record<string, string | undefined> = process.env): Promise<number> {
  try {
    return await run(argv, io, env);
  } catch (err) {
    io.err(err instanceof ConfigError ? err.message : `error: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
}

async function run(argv: string[], io: Io, env: Record<string, string | undefined>): Promise<number> {
  const parsed = parseSupportArgs(argv);
  if (!parsed.ok) {
    if (parsed.error) io.err(`error: ${parsed.error}\n`);
    io.err(SUPPORT_USAGE);
    return 2;
  }
  const { command } = parsed;
  if (command.name === 'help') {
    io.out(SUPPORT_USAGE);
    return 0;
  }
  const t = supportTexts(adminLanguage(env));
  const request = { ...command.request, storeId: command.storeId, actor: operatorName(command.actor, env) } as SupportRequest;
  const connection = await connectSupport(loadConfig(env, ROOT));
  io.err(`database: ${connection.via}`);
  let answer: Awaited<ReturnType<typeof connection.ask>>;
  try {
    answer = await connection.ask(request);
  } finally {
    await connection.close();
  }
  if (!answer.ok) {
    if (command.json) io.out(JSON.stringify(answer, null, 2));
    io.err(t.refused(answer.code, answer.detail, command.storeId));
    return 1;
  }
  let value = answer.value as Record<string, unknown>;
  if (request.op === 'sales' && command.output) {
    const sales = value as { csv: string; sales: number; refunds: number; totalYen: number };
    try {
      writeFileSync(resolve(command.output), sales.csv);
    } catch (e) {
      io.err(t.cannotWrite(command.output, (e as Error).message));
      return 1;
    }
    io.err(t.wrote(command.output, sales.sales, sales.refunds, sales.totalYen));
    const { csv: _written, ...rest } = sales;
    value = { ...rest, file: command.output };
    if (!command.json) return 0;
  }
  if (command.json) {
    io.out(JSON.stringify(value, null, 2));
    return 0;
  }
  for (const line of textLines(request, value, t)) io.out(line);
  return 0;
}

const time = (v: unknown) => (typeof v === 'string' ? formatJstDateTime(v) : '-');
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));
type Row = Record<string, unknown>;

function memberLines(m: Row, t: SupportTexts): string[] {
  const values = [m.publicId, m.email, m.userId, m.accountId, m.language].map(text).concat(time(m.createdAt));
  return t.member.map((label, i) => `  ${label}: ${values[i]}`);
}

function section(title: string, headers: string[], rows: string[][], t: SupportTexts): string[] {
  return ['', `${title}:`, ...(rows.length === 0 ? [t.none] : table(headers, rows).map((l) => `  ${l}`))];
}

/** The lines for people of a successful answer. */
function textLines(request: SupportRequest, value: Row, t: SupportTexts): string[] {
  switch (request.op) {
    case 'find':
      return memberLines(value, t);
    case 'show': {
      const list = (k: string) => (value[k] as Row[]) ?? [];
      return [
        `${t.sections.account}:`,
        ...memberLines(value.account as Row, t),
        ...section(
          t.sections.subscriptions,
          t.subscriptionHeaders,
          list('subscriptions').map((s) => [
            text(s.contractId),
            text(s.planId),
            text(s.status),
            `¥${s.price}`,
            text(s.nextSettlementDay),
            text(s.usableUntil),
            time(s.startedAt),
          ]),
          t,
        ),
        ...section(
          t.sections.orders,
          t.orderHeaders,
          list('orders').map((o) => [
            text(o.orderId),
            text(o.planId),
            text(o.planType),
            text(o.status),
            `¥${o.billingAmount}`,
            time(o.createdAt),
          ]),
          t,
        ),
        ...section(
          t.sections.payments,
          t.paymentHeaders,
          list('payments').map((p) => [
            text(p.paymentId),
            text(p.orderId),
            text(p.planId),
            `¥${p.amountYen}`,
            text(p.paymentMethodType),
            time(p.at),
          ]),
          t,
        ),
        ...section(
          t.sections.logins,
          t.loginHeaders,
          list('logins').map((l) => [
            time(l.at),
            t.loginResult(l.result === true),
            text(l.loginType),
            text(l.deviceName),
            text(l.browser),
            text(l.country),
            text(l.ip),
          ]),
          t,
        ),
        ...section(
          t.sections.mails,
          t.mailHeaders,
          list('mails').map((m) => [text(m.kind), text(m.subject), time(m.createdAt), time(m.sentAt)]),
          t,
        ),
      ];
    }
    case 'resend':
      return [value.sent === 'code' ? t.codeQueued(text(value.purpose)) : t.receiptQueued(text(value.sent), text(value.paymentId))];
    case 'cancel':
      return [t.cancelled(request.contract)];
    case 'undo-cancel':
      return [t.undone(request.contract)];
    case 'refund':
      return [t.refunded(value as { refundId: string; paymentId: string; amountYen: number; remainingYen: number })];
    case 'sales':
      // Without -o the CSV itself is the output (`npm run -s support -- sales ... > file` keeps npm's banner out).
      return [String(value.csv).replace(/\r\n$/, '')];
  }
}
