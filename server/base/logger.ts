/**
 * Structured JSON logs through pino, one object per line (decision 0034): request-scoped loggers
 * carry the request id; e-mail addresses, codes, tokens and cookies are redacted (log-redaction.ts:
 * by key at any depth and inside free text); an `err` field keeps the error's type, message and stack.
 */
import pino from 'pino';
import { scrubFields, scrubText } from './log-redaction.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Logger = {
  [L in LogLevel]: (msg: string, fields?: Record<string, unknown>) => void;
} & { child(fields: Record<string, unknown>): Logger };

/**
 * `write` receives each line without its newline (tests capture them); by default lines go to
 * process.stdout, as before pino: Node writes them at once to a file or pipe and queues them when
 * the reader is slow. (pino.destination's synchronous mode sleeps and retries on a full pipe: a
 * few hundred microseconds a line under a slow reader, measured.)
 */
export function createLogger(level: LogLevel | 'silent', base: Record<string, unknown> = {}, write?: (line: string) => void): Logger {
  const destination = write ? { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) } : process.stdout;
  const root = pino(
    {
      level,
      base: null,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // Fields arrive already scrubbed and errors already serialised (log-redaction.ts).
      serializers: { err: (e: unknown) => e },
    },
    destination,
  );
  return wrap(Object.keys(base).length > 0 ? root.child(scrubFields(base) as Record<string, unknown>) : root);
}

function wrap(p: pino.Logger): Logger {
  const emit = (lvl: LogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    if (!p.isLevelEnabled(lvl)) return;
    if (fields) p[lvl](scrubFields(fields) as object, scrubText(msg));
    else p[lvl](scrubText(msg));
  };
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    child: (fields) => wrap(p.child(scrubFields(fields) as Record<string, unknown>)),
  };
}
