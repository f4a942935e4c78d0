import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { METRIC_NAMES } from '../modules/metrics/metrics.ts';
import { exposedNames, scrapeMetrics, type Scrape } from './metrics.test-helpers.ts';

/**
 * The Grafana dashboard and the alerting rules in docs/operations/ read only metrics GET /metrics
 * exposes, and every metric of ours is read by one of them: neither can drift from the code.
 * Both files are checked for shape as well (no YAML parser is a dependency: the rules file is
 * read line by line, in the plain subset it is written in).
 */

const DOCS = path.join(import.meta.dirname, '../../../docs/operations');
const TOKEN = 'metrics-docs-token-0123456789';

type Panel = {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  targets?: { expr: string; refId: string }[];
};
type Rule = { alert: string; exprLines: string[]; fields: Record<string, string> };

const dashboard = JSON.parse(
  fs.readFileSync(path.join(DOCS, 'grafana-dashboard.json'), 'utf8'),
) as {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
};

/** The rules file's alerts: each rule's scalar fields and its expression (inline or a block). */
const readRules = (text: string): { groups: string[]; rules: Rule[] } => {
  const lines = text.split('\n');
  const groups: string[] = [];
  const rules: Rule[] = [];
  let rule: Rule | null = null;
  let blockIndent = -1;
  for (const line of lines) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    if (blockIndent >= 0) {
      if (indent >= blockIndent) {
        rule!.exprLines.push(line.trim());
        continue;
      }
      blockIndent = -1;
    }
    expect(line, 'tabs are not YAML indentation').not.toMatch(/\t/);
    const group = /^ {2}- name: (\S+)$/.exec(line);
    if (group) {
      groups.push(group[1]!);
      continue;
    }
    const alert = /^ {6}- alert: (\w+)$/.exec(line);
    if (alert) {
      rule = { alert: alert[1]!, exprLines: [], fields: {} };
      rules.push(rule);
      continue;
    }
    const field = /^ {8,10}(\w+):(?: (.*))?$/.exec(line);
    if (field && rule) {
      const [, key, value = ''] = field;
      if (key === 'expr' && value === '|') blockIndent = indent + 2;
      else if (key === 'expr') rule.exprLines.push(value);
      else rule.fields[key!] = value;
      continue;
    }
    expect(['groups:', '    rules:'], `unexpected line: ${line}`).toContain(line);
  }
  return { groups, rules };
};

const rulesText = fs.readFileSync(path.join(DOCS, 'alerts.yml'), 'utf8');
const { groups, rules } = readRules(rulesText);
const ruleExpressions = rules.map((r) => r.exprLines.join(' '));
const dashboardExpressions = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));

/** Metric names in PromQL (and in the rules' templates, which run PromQL too). */
const metricNames = (text: string): string[] =>
  [...text.matchAll(/\b((?:vendo|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1]!);

/** A histogram's series (`_bucket`, `_sum`, `_count`) name its family. */
const familyOf = (name: string, scrape: Scrape): string => {
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return base !== name && scrape.types.get(base) === 'histogram' ? base : name;
};

const balanced = (expr: string): boolean => {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const stack: string[] = [];
  for (const c of expr.replace(/"(?:[^"\\]|\\.)*"/g, '""')) {
    if ('([{'.includes(c)) stack.push(c);
    else if (c in pairs && stack.pop() !== pairs[c]) return false;
  }
  return stack.length === 0;
};

let t: TestApp;
let scrape: Scrape;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  scrape = await scrapeMetrics(t, TOKEN);
});
afterAll(async () => {
  await t?.close();
});

describe('docs/operations: the dashboard and the alerting rules', () => {
  it('the dashboard is a Grafana dashboard: panels with unique ids that do not overlap', () => {
    expect(dashboard).toMatchObject({ uid: 'vendo-overview', title: 'Vendo' });
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    const cells = new Set<string>();
    for (const panel of dashboard.panels) {
      const { x, y, w, h } = panel.gridPos;
      expect(x + w, panel.title).toBeLessThanOrEqual(24);
      for (let i = x; i < x + w; i++) {
        for (let j = y; j < y + h; j++) {
          expect(cells.has(`${i},${j}`), `${panel.title} overlaps at ${i},${j}`).toBe(false);
          cells.add(`${i},${j}`);
        }
      }
      if (panel.type !== 'row') expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
    for (const expr of dashboardExpressions) expect(balanced(expr), expr).toBe(true);
  });

  it('the rules file has the stuck-money alerts, each with severity, summary and a duration', () => {
    expect(rulesText.startsWith('#') || rulesText.startsWith('groups:')).toBe(true);
    expect(groups).toEqual(['vendo-money', 'vendo-service']);
    expect(rules.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'VendoPurchasePendingPastSla',
        'VendoSupplierSuccessLow',
        'VendoSupplierFloatLow',
        'VendoLedgerInvariantViolated',
      ]),
    );
    for (const rule of rules) {
      expect(rule.exprLines.length, rule.alert).toBeGreaterThan(0);
      expect(balanced(rule.exprLines.join(' ')), rule.alert).toBe(true);
      expect(rule.fields.for, rule.alert).toMatch(/^\d+[smh]$/);
      expect(rule.fields.severity, rule.alert).toMatch(/^(page|ticket)$/);
      expect(rule.fields.summary, rule.alert).toMatch(/^(['"]).+\1$/);
    }
    // The supplier alert is the 85 % the operators asked for.
    expect(ruleExpressions.join('\n')).toMatch(/vendo_supplier_success_ratio\) < 0\.85/);
  });

  it('read only metrics GET /metrics exposes', () => {
    const exposed = exposedNames(scrape);
    const read = [...dashboardExpressions, ...ruleExpressions, rulesText].flatMap(metricNames);
    const unknown = [...new Set(read.map((n) => familyOf(n, scrape)))].filter(
      (n) => !exposed.has(n),
    );
    expect(unknown).toEqual([]);
  });

  it('read every metric of ours, and /metrics exposes every one the code declares', () => {
    const exposed = [...exposedNames(scrape)].filter((n) => n.startsWith('vendo_'));
    expect(exposed.sort()).toEqual(Object.values(METRIC_NAMES).sort());
    const read = new Set(
      [...dashboardExpressions, ...ruleExpressions, rulesText]
        .flatMap(metricNames)
        .map((n) => familyOf(n, scrape)),
    );
    expect(exposed.filter((n) => !read.has(n))).toEqual([]);
  });
});
