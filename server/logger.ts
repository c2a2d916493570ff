/** Structured JSON logs, one object per line; request-scoped loggers carry the request id. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Logger = {
  [L in LogLevel]: (msg: string, fields?: Record<string, unknown>) => void;
} & { child(fields: Record<string, unknown>): Logger };

const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(
  level: LogLevel | 'silent',
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const emit = (lvl: LogLevel) => (msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < ORDER[level]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, ...base, msg, ...fields }));
  };
  return {
    debug: emit('debug'),
    info: emit('info'),
    warn: emit('warn'),
    error: emit('error'),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}
