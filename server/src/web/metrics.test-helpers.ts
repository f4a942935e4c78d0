import { expect } from 'vitest';
import type { TestApp } from '../../test/helpers/test-app.ts';

/** A scrape of GET /metrics, parsed from the Prometheus text format. */
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Scrape = { types: Map<string, string>; samples: Sample[]; text: string };

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;

/** As Prometheus reads a value (Go's ParseFloat: NaN in any case, as prom-client writes `Nan`). */
const number = (text: string): number =>
  text === '+Inf'
    ? Infinity
    : text === '-Inf'
      ? -Infinity
      : /^nan$/i.test(text)
        ? NaN
        : Number(text);

/**
 * Parses the text format strictly: every line is a comment (# HELP, # TYPE) or a sample whose
 * labels and value parse; anything else fails the test.
 */
export const parseExposition = (text: string): Scrape => {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP \S+ /.test(line)) continue;
    const match = SAMPLE.exec(line);
    expect(match, `not a sample line: ${line}`).not.toBeNull();
    const [, name, rawLabels = '', rawValue] = match!;
    const labels: Record<string, string> = {};
    LABEL.lastIndex = 0;
    let consumed = 0;
    for (let m = LABEL.exec(rawLabels); m; m = LABEL.exec(rawLabels)) {
      labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_all, c: string) => (c === 'n' ? '\n' : c));
      consumed = LABEL.lastIndex;
    }
    expect(consumed, `labels of: ${line}`).toBe(rawLabels.length);
    const value = number(rawValue!);
    expect(Number.isNaN(value) && !/^nan$/i.test(rawValue!), `value of: ${line}`).toBe(false);
    samples.push({ name: name!, labels, value });
  }
  return { types, samples, text };
};

/** The samples of `name` whose labels include `labels`. */
export const samplesOf = (scrape: Scrape, name: string, labels: Record<string, string> = {}) =>
  scrape.samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );

/** The one value of `name` with `labels`; undefined when there is no such sample. */
export const valueOf = (
  scrape: Scrape,
  name: string,
  labels: Record<string, string> = {},
): number | undefined => {
  const found = samplesOf(scrape, name, labels);
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBeLessThanOrEqual(1);
  return found[0]?.value;
};

/** GET /metrics with the token; expects a 200 in the text format and parses it. */
export const scrapeMetrics = async (t: TestApp, token: string): Promise<Scrape> => {
  const res = await t.request().get('/metrics').set('Authorization', `Bearer ${token}`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return parseExposition(res.text);
};

/** Every metric family a scrape declares (its # TYPE lines), by name. */
export const exposedNames = (scrape: Scrape): Set<string> => new Set(scrape.types.keys());
