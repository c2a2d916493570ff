import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StoreSettingsInput, storeSettings } from '#config-schema/store-settings.ts';
import { createLogger } from '#server/base/logger.ts';
import { tenantDoc } from '../../../tests/helpers/tenant-factory.ts';
import { createTestDatabase } from '../../../tests/helpers/test-db.ts';
import { createMailer, formatAddress, senderFor } from './mailer.ts';
import { readMime } from './mime-reader.test-helper.ts';
import { renderMail } from './templates.ts';

type Received = { from: string; to: string[]; raw: string };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.drop();
});

const store = (overrides: Partial<StoreSettingsInput> = {}) => storeSettings.parse(tenantDoc('aozora', overrides));
const origin = 'http://aozora.localhost:3000';
const logSink = (level: 'info' | 'debug') => {
  const lines: Record<string, unknown>[] = [];
  return { lines, log: createLogger(level, {}, (l) => lines.push(JSON.parse(l))) };
};

describe('mailer over SMTP', () => {
  it('delivers the mail through a real SMTP server and records it as sent', async () => {
    const s = store({ serviceName: '<b>Evil</b> & "Video"', mail: { smtpDomain: 'aozora.example.jp', fromName: '青空ビデオ' } });
    const { log, lines } = logSink('debug');
    const mailer = createMailer({ db: database.db, transport: { kind: 'smtp', url: `smtp://127.0.0.1:${port}` }, log });
    const mail = renderMail('authCode', { lang: 'ja', store: s, origin, vars: { code: '605142', purpose: 'login', validityMinutes: 60 } });
    const result = await mailer.send({
      storeId: 'aozora',
      to: 'taro@example.jp',
      from: senderFor(s),
      kind: 'authCode',
      ...mail,
    });
    mailer.close();
    expect(result.status).toBe('sent');

    const got = received.at(-1);
    expect(got?.from).toBe('no-reply@aozora.example.jp');
    expect(got?.to).toEqual(['taro@example.jp']);
    const message = readMime(got?.raw ?? '');
    expect(message.headers.get('subject')).toBe('【<b>Evil</b> & "Video"】認証コードのお知らせ');
    expect(message.headers.get('from')).toBe('青空ビデオ <no-reply@aozora.example.jp>');
    expect(message.headers.get('to')).toBe('taro@example.jp');
    expect(message.text).toContain('605142');
    expect(message.html).toContain('605142');
    expect(message.html).toContain('&lt;b&gt;Evil&lt;/b&gt; &amp; &quot;Video&quot;');
    expect(message.html).not.toContain('<b>Evil');

    const [row] = await mailer.listOutbox('aozora', { limit: 1 });
    expect(row).toMatchObject({ id: result.id, transport: 'smtp', kind: 'authCode', to: 'taro@example.jp', error: null });
    expect(row?.from).toBe('"青空ビデオ" <no-reply@aozora.example.jp>');
    expect(row?.sentAt).toBeInstanceOf(Date);
    // Sent by SMTP, the mail keeps no body: the code stays in the member's mailbox only (decision 0035).
    expect(row).toMatchObject({ text: '', html: '' });
    // Neither the code nor the address is logged, whatever the log level (decision 0034).
    expect(JSON.stringify(lines)).not.toContain('605142');
    expect(JSON.stringify(lines)).not.toContain('taro@example.jp');
  });

  it('records the error when the SMTP server cannot be reached', async () => {
    const { log, lines } = logSink('info');
    const mailer = createMailer({ db: database.db, transport: { kind: 'smtp', url: 'smtp://127.0.0.1:1' }, log });
    const result = await mailer.send({
      storeId: 'aozora',
      to: 'a@example.jp',
      from: senderFor(store()),
      kind: 'welcome',
      subject: 's',
      text: 't',
      html: 'h',
    });
    mailer.close();
    expect(result.status).toBe('failed');
    const row = (await mailer.listOutbox('aozora', { limit: 10 })).find((r) => r.id === result.id);
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toBeTruthy();
    expect(lines.some((l) => l.level === 'error')).toBe(true);
  });
});

describe('mailer in outbox mode', () => {
  it('stores the mail and logs one line without the address or the code, at any level', async () => {
    const info = logSink('info');
    const mailer = createMailer({ db: database.db, transport: { kind: 'outbox' }, log: info.log });
    const s = store();
    const mail = renderMail('authCode', { lang: 'en', store: s, origin, vars: { code: '777123', purpose: 'signUp', validityMinutes: 60 } });
    const result = await mailer.send({
      storeId: 'midori',
      to: 'hanako@example.jp',
      from: senderFor(s),
      kind: 'authCode',
      ...mail,
    });
    expect(result.status).toBe('stored');
    expect(info.lines).toHaveLength(1);
    expect(info.lines[0]).toMatchObject({ level: 'info', kind: 'authCode', storeId: 'midori', mailId: result.id });
    expect(JSON.stringify(info.lines)).not.toContain('777123');
    expect(JSON.stringify(info.lines)).not.toContain('hanako@example.jp');

    const debug = logSink('debug');
    await createMailer({ db: database.db, transport: { kind: 'outbox' }, log: debug.log }).send({
      storeId: 'midori',
      to: 'hanako@example.jp',
      from: senderFor(s),
      kind: 'authCode',
      ...mail,
    });
    expect(debug.lines).toHaveLength(1);
    expect(JSON.stringify(debug.lines)).not.toContain('777123');
    expect(JSON.stringify(debug.lines)).not.toContain('hanako@example.jp');

    const rows = await mailer.listOutbox('midori', { limit: 10 });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ transport: 'outbox', sentAt: null, error: null, subject: '[Store aozora] Your verification code' });
    expect(rows[0]?.text).toContain('777123');
    expect(await mailer.listOutbox('midori', { limit: 1 })).toHaveLength(1);
    expect(await mailer.listOutbox('nobody', { limit: 10 })).toEqual([]);
  });

  it('refuses anything but one bare recipient address', async () => {
    const mailer = createMailer({ db: database.db, transport: { kind: 'outbox' }, log: logSink('info').log });
    for (const to of ['a@example.jp, b@example.jp', 'A <a@example.jp>', 'a@example.jp\r\nBcc: b@example.jp', 'nobody']) {
      await expect(
        mailer.send({ storeId: 'x', to, from: senderFor(store()), kind: 'welcome', subject: 's', text: 't', html: 'h' }),
      ).rejects.toThrow();
    }
    expect(await mailer.listOutbox('x', { limit: 10 })).toEqual([]);
  });

  it('formats the sender from the settings', () => {
    expect(senderFor(store())).toEqual({ name: 'Store aozora', address: 'no-reply@aozora.example.jp' });
    expect(formatAddress({ name: 'A "quoted" \\ name', address: 'x@y.jp' })).toBe('"A \\"quoted\\" \\\\ name" <x@y.jp>');
  });
});
