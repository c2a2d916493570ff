// `npm test`: builds the app, runs the unit and integration suites (Vitest) and the end-to-end
// suite (Playwright, a Chromium found by scripts/find-chromium.ts), and ends with one line: "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { CARD_SCAN_FILE, cardScanVerdict } from '../tests/helpers/card-scan.ts';
import { locateChromium } from './find-chromium.ts';

mkdirSync('tmp', { recursive: true });

type Counts = { passed: number; failed: number; skipped: number };
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let broken = false;
// Names of failed tests, repeated just above the final line: CI keeps only the tail of the output.
const failures: string[] = [];

const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) {
  process.stdout.write('\nbuild failed\n0 passed, 1 failed\n');
  process.exit(1);
}

// Vitest: unit + integration projects. The many-processes test (tests/integration/scale-out)
// is left out here: it runs alone after Playwright (below).
rmSync('tmp/vitest.json', { force: true });
// Its output is also kept: errors outside any test (unhandled rejections, errors thrown after a test
// ended) are only in the text, and they fail the run.
const vitest = await tee('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=tmp/vitest.json']);
countVitest('tmp/vitest.json', vitest);

// Playwright: end-to-end in Chromium, when there is one (scripts/find-chromium.ts); without one
// the run still ends failing, with the one line that says how to get a browser.
const browser = locateChromium();
let noBrowser: string | null = null;
if (browser.path === null) {
  noBrowser = browser.hint;
  total.failed += 1;
} else {
  rmSync('tmp/playwright.json', { force: true });
  rmSync(CARD_SCAN_FILE, { force: true });
  const pw = spawnSync('npx', ['playwright', 'test'], {
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: 'tmp/playwright.json' },
  });
  if (existsSync('tmp/playwright.json')) {
    const r = JSON.parse(readFileSync('tmp/playwright.json', 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      suites?: PwSuite[];
    };
    collectPlaywrightFailures(r.suites ?? [], []);
    total.passed += r.stats.expected + r.stats.flaky;
    total.failed += r.stats.unexpected;
    total.skipped += r.stats.skipped;
    if (pw.status !== 0 && r.stats.unexpected === 0) broken = true;
  } else broken = true;
  // One more test: no card number on the store's side after the run (written by the e2e teardown).
  const scan = cardScanVerdict(existsSync(CARD_SCAN_FILE) ? readFileSync(CARD_SCAN_FILE, 'utf8') : null);
  process.stdout.write(`\ncard number scan: ${scan.message}\n`);
  if (scan.passed) total.passed += 1;
  else {
    total.failed += 1;
    failures.push(`card number scan (tests/helpers/card-scan.ts)\n    ${scan.message}`);
  }
}

// Many processes (issue 21, decision 0043): three servers from the build above behind HAProxy,
// 100 requests a second for 60 s, then through PgBouncer; about two minutes. Alone, after the
// other suites: it needs the machine's cores, and other tests beside it would slow both.
// Skipped (saying why) without PostgreSQL, HAProxy or PgBouncer.
rmSync('tmp/vitest-scale.json', { force: true });
const scale = await tee(
  'npx',
  ['vitest', 'run', 'tests/integration/scale-out', '--reporter=default', '--reporter=json', '--outputFile.json=tmp/vitest-scale.json'],
  { SCALE_TEST: '1' },
);
countVitest('tmp/vitest-scale.json', scale);

if (failures.length > 0) process.stdout.write(`\nFailed tests:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
if (broken) total.failed += 1; // a suite that crashed without reporting counts as a failure
if (noBrowser) process.stdout.write(`\n${noBrowser}\n`);
process.stdout.write(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}\n`);
process.exit(total.failed > 0 ? 1 : 0);

/** Adds a Vitest JSON report's counts and failures to the run's (a missing report is a failure). */
function countVitest(file: string, run: { status: number | null; output: string }) {
  if (!existsSync(file)) {
    broken = true;
    failures.push(`vitest wrote no report (exit ${run.status})${unhandledErrors(run.output)}`);
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults?: {
      name: string;
      message?: string;
      assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
    }[];
  };
  for (const result of r.testResults ?? []) {
    const name = result.name.replace(`${process.cwd()}/`, '');
    const failed = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) failures.push(`vitest ${name} › ${a.fullName}\n    ${firstLines(a.failureMessages?.[0])}`);
    if (failed.length === 0 && result.message) failures.push(`vitest ${name} (file failed)\n    ${firstLines(result.message)}`);
  }
  total.passed += r.numPassedTests;
  total.failed += r.numFailedTests;
  total.skipped += r.numPendingTests + r.numTodoTests;
  if (run.status !== 0 && r.numFailedTests === 0) {
    broken = true;
    failures.push(`vitest exited with ${run.status} although no test failed${unhandledErrors(run.output)}`);
  }
}

type PwSuite = {
  title: string;
  file?: string;
  suites?: PwSuite[];
  specs?: { title: string; line?: number; tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[] }[];
};

function collectPlaywrightFailures(suites: PwSuite[], path: string[]): void {
  for (const suite of suites) {
    const here = suite.file && path.length === 0 ? [suite.file] : [...path, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected') continue;
        const error = test.results.at(-1)?.error?.message;
        failures.push(`playwright [${test.projectName}] ${[...here, spec.title].join(' › ')}\n    ${firstLines(error)}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], here);
  }
}

function stripAnsi(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}

function firstLines(text: string | undefined): string {
  return stripAnsi(text ?? '')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, 6)
    .join('\n    ');
}

/** Runs a command with its output shown as it comes and also kept. */
function tee(cmd: string, args: string[], env: Record<string, string> = {}): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const chunks: string[] = [];
    child.stdout.on('data', (d: Buffer) => {
      process.stdout.write(d);
      chunks.push(d.toString());
    });
    child.stderr.on('data', (d: Buffer) => {
      process.stderr.write(d);
      chunks.push(d.toString());
    });
    child.on('close', (status) => resolve({ status, output: chunks.join('') }));
  });
}

/** Vitest's "Unhandled Errors" section (or the output's last lines), indented, for the summary. */
function unhandledErrors(output: string): string {
  const plain = stripAnsi(output);
  const at = plain.indexOf('Unhandled Error');
  const lines = (at >= 0 ? plain.slice(Math.max(0, plain.lastIndexOf('\n', at))) : plain).split('\n').filter((l) => l.trim() !== '');
  const kept = at >= 0 ? lines.slice(0, 40) : lines.slice(-20);
  // Serialized errors are one very long line; their start says enough.
  return `:\n    ${kept.map((l) => (l.length > 240 ? `${l.slice(0, 240)}…` : l)).join('\n    ')}`;
}
