import { relative, sep } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Line coverage each top-level folder should reach (issue 18 §3). The ones `npm test` enforces are the
 * `coverage.thresholds` of vitest.config.ts; this table only prints where each folder stands and its gap.
 */
export const LINE_TARGETS: Readonly<Record<string, number>> = { machines: 95, src: 85, server: 85 };

interface Lines {
  total: number;
  covered: number;
}

type Metric = 'statements' | 'branches' | 'functions' | 'lines';

/** The subset of istanbul's CoverageMap that the v8 provider hands to reporters. */
interface CoverageMapLike {
  files(): string[];
  fileCoverageFor(file: string): { toSummary(): { lines: Lines } };
  getCoverageSummary?(): Record<Metric, { total: number; covered: number; pct: number }>;
}

/** One line over every measured file: statements, branches, functions, lines. */
export function formatTotals(map: CoverageMapLike): string | null {
  const summary = map.getCoverageSummary?.();
  if (!summary) return null;
  const parts = (['statements', 'branches', 'functions', 'lines'] as const).map(
    (m) => `${m} ${summary[m].pct.toFixed(2)} % (${summary[m].covered}/${summary[m].total})`,
  );
  return `  all       ${parts.join(', ')}`;
}

function isCoverageMap(value: unknown): value is CoverageMapLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as CoverageMapLike).files === 'function' &&
    typeof (value as CoverageMapLike).fileCoverageFor === 'function'
  );
}

/** Lines covered per top-level folder of the coverage map (files outside the listed folders are left out). */
export function linesByFolder(map: CoverageMapLike, root: string): Map<string, Lines> {
  const out = new Map<string, Lines>();
  for (const file of map.files()) {
    const folder = relative(root, file).split(sep)[0] ?? '';
    if (!(folder in LINE_TARGETS)) continue;
    const { lines } = map.fileCoverageFor(file).toSummary();
    const sum = out.get(folder) ?? { total: 0, covered: 0 };
    sum.total += lines.total;
    sum.covered += lines.covered;
    out.set(folder, sum);
  }
  return out;
}

function pct({ total, covered }: Lines): number {
  return total === 0 ? 100 : (covered / total) * 100;
}

/** The per-folder table: lines, target and the gap (how many more lines must run to reach it). */
export function formatFolderTable(byFolder: Map<string, Lines>): string {
  const rows = Object.entries(LINE_TARGETS).map(([folder, target]) => {
    const lines = byFolder.get(folder);
    if (!lines) return `  ${folder.padEnd(9)} (no coverage data: the projects that load it did not run)`;
    const value = pct(lines);
    const missing = Math.max(0, Math.ceil((target / 100) * lines.total) - lines.covered);
    const verdict =
      missing === 0
        ? 'meets target'
        : `BELOW TARGET by ${(target - value).toFixed(2)} points (${missing} more lines must run)`;
    return (
      `  ${folder.padEnd(9)} lines ${value.toFixed(2).padStart(6)} % ` +
      `(${lines.covered}/${lines.total})  target ${target} %  ${verdict}`
    );
  });
  return ['coverage (v8, lines) by folder:', ...rows].join('\n');
}

/**
 * Prints the line coverage of machines/, src/ and server/ against their targets (when the run collects
 * coverage), then one plain closing line, `vitest: N passed, N failed, N skipped`, that CI reads.
 */
export default class SummaryReporter implements Reporter {
  #coverage: string | null = null;

  onCoverage(coverage: unknown): void {
    if (!isCoverageMap(coverage)) return;
    const totals = formatTotals(coverage);
    this.#coverage = [
      formatFolderTable(linesByFolder(coverage, process.cwd())),
      ...(totals ? [totals] : []),
    ].join('\n');
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    if (this.#coverage) process.stdout.write(`\n${this.#coverage}\n`);
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
