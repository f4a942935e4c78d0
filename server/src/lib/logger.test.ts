import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

const capture = (level: Parameters<typeof createLogger>[0], base = {}) => {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, base, (line) => lines.push(JSON.parse(line)));
  return { logger, lines };
};

describe('createLogger', () => {
  it('writes one JSON line per event with level, ISO time, base fields, fields and msg', () => {
    const { logger, lines } = capture('info', { service: 'vendo' });
    logger.info('purchase settled', { reference: 'VND1', amountKobo: 500 });
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: 'info',
      service: 'vendo',
      reference: 'VND1',
      amountKobo: 500,
      msg: 'purchase settled',
    });
    expect(new Date(String(line!.time)).toISOString()).toBe(line!.time);
    expect(line).not.toHaveProperty('pid');
    expect(line).not.toHaveProperty('hostname');
  });

  it('drops events below its level, and writes nothing when silent', () => {
    const warn = capture('warn');
    warn.logger.debug('d');
    warn.logger.info('i');
    warn.logger.warn('w');
    warn.logger.error('e', { code: 1 });
    expect(warn.lines.map((l) => [l.level, l.msg])).toEqual([
      ['warn', 'w'],
      ['error', 'e'],
    ]);
    const silent = capture('silent');
    silent.logger.error('e');
    silent.logger.child({ a: 1 }).error('e');
    expect(silent.lines).toEqual([]);
  });

  it('gives children their fields on every line, without changing the parent', () => {
    const { logger, lines } = capture('debug');
    const child = logger.child({ worker: 'reconciler' });
    child.child({ pass: 3 }).debug('pass done', { settled: 2 });
    logger.info('plain');
    expect(lines[0]).toMatchObject({ worker: 'reconciler', pass: 3, settled: 2, msg: 'pass done' });
    expect(lines[1]).not.toHaveProperty('worker');
  });

  it('writes a message with a % sign as it is', () => {
    const { logger, lines } = capture('info');
    logger.info('fee is 1.5%s %d', { n: 1 });
    expect(lines[0]!.msg).toBe('fee is 1.5%s %d');
  });
});
