// The reporter of `npm test` (vitest.config.ts): vitest's default one, which lists each test file as it finishes with
// its time, and three things for a reader of a long run. Off a terminal, where vitest shows no live view, a line every
// half minute names the files still running. At the end, each skipped suite in one line with its reason
// (test/helpers/skip.ts), and the slowest files.
import type { SerializedError } from 'vitest';
import { DefaultReporter, type TestModule, type TestRunEndReason } from 'vitest/node';

const QUIET_MS = 30_000;
const SLOWEST = 8;

const seconds = (ms: number) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);

export default class DocexReporter extends DefaultReporter {
  private readonly started = new Map<string, number>();
  private lastLine = performance.now();
  private timer: NodeJS.Timeout | undefined;

  override log(...messages: unknown[]): void {
    this.lastLine = performance.now();
    super.log(...messages);
  }

  override onTestRunStart(...args: Parameters<DefaultReporter['onTestRunStart']>): void {
    super.onTestRunStart(...args);
    if (this.isTTY) return;
    this.timer = setInterval(() => {
      const now = performance.now();
      if (now - this.lastLine < QUIET_MS || this.started.size === 0) return;
      const files = [...this.started].sort((a, b) => a[1] - b[1]).map(([file, since]) => `${file} (${seconds(now - since)})`);
      this.log(`   … still running: ${files.join(', ')}`);
    }, 5_000).unref();
  }

  onTestModuleStart(module: TestModule): void {
    this.started.set(module.relativeModuleId, performance.now());
  }

  override onTestModuleEnd(module: TestModule): void {
    this.started.delete(module.relativeModuleId);
    super.onTestModuleEnd(module);
  }

  override onTestRunEnd(modules: readonly TestModule[], errors: readonly SerializedError[], reason: TestRunEndReason): void {
    clearInterval(this.timer);
    this.printSkips(modules);
    this.printSlowest(modules);
    super.onTestRunEnd(modules, errors, reason);
  }

  /** One line per skipped suite (or test): the file, how many tests, and why. */
  private printSkips(modules: readonly TestModule[]): void {
    const lines = new Map<string, number>();
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        if (test.result().state !== 'skipped' || test.options.mode === 'todo') continue;
        // Left out by -t: not a skip to explain.
        if (!test.meta().skipReason && this.ctx.config.testNamePattern) continue;
        const why = test.meta().skipReason ?? 'no reason given (skip with skipUnless from test/helpers/skip.ts)';
        const key = `${module.relativeModuleId}: ${why}`;
        lines.set(key, (lines.get(key) ?? 0) + 1);
      }
    }
    if (!lines.size) return;
    this.log();
    this.log(' Skipped here, and why:');
    for (const [line, n] of lines) this.log(`   ${line.replace(': ', ` (${n} test${n === 1 ? '' : 's'}): `)}`);
  }

  private printSlowest(modules: readonly TestModule[]): void {
    const timed = modules.map((m) => ({ file: m.relativeModuleId, ms: m.diagnostic().collectDuration + m.diagnostic().duration })).sort((a, b) => b.ms - a.ms);
    if (timed.length < 2) return;
    this.log();
    this.log(` Slowest files (import and tests): ${timed.slice(0, SLOWEST).map((t) => `${t.file} ${seconds(t.ms)}`).join(', ')}`);
  }
}
