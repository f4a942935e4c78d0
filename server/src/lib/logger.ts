import { pino, type Logger as PinoLogger } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
type Fields = Record<string, unknown>;

/**
 * Structured JSON logs, one line per event, to stdout, written by pino. The code logs with
 * `logger.info(msg, fields)` and `logger.child(fields)`; this adapter keeps that call shape over
 * pino's `(fields, msg)`, and `pino` is the instance underneath (pino-http logs requests with it).
 */
export type Logger = {
  debug: (msg: string, fields?: Fields) => void;
  info: (msg: string, fields?: Fields) => void;
  warn: (msg: string, fields?: Fields) => void;
  error: (msg: string, fields?: Fields) => void;
  child: (fields: Fields) => Logger;
  readonly pino: PinoLogger;
};

const adapt = (logger: PinoLogger): Logger => ({
  debug: (msg, fields) => logger.debug(fields ?? {}, msg),
  info: (msg, fields) => logger.info(fields ?? {}, msg),
  warn: (msg, fields) => logger.warn(fields ?? {}, msg),
  error: (msg, fields) => logger.error(fields ?? {}, msg),
  child: (fields) => adapt(logger.child(fields)),
  pino: logger,
});

/**
 * A logger at `level` ('silent' writes nothing). Lines look like
 * `{"level":"info","time":"2026-…Z",…base,…fields,"msg":"…"}`. `write` receives each line (tests);
 * by default they go to stdout.
 */
export const createLogger = (
  level: LogLevel = 'info',
  base: Fields = {},
  write?: (line: string) => void,
): Logger =>
  adapt(
    pino(
      {
        level,
        // No pid or hostname on every line: the process manager knows those.
        base,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      write ? { write } : undefined,
    ),
  );
