// `npm test`: lint, types, build, then every test suite; ends with one summary line
// ("Tests: N passed, N failed") counted from the runners' JSON reports.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const results = 'test-results';
fs.mkdirSync(results, { recursive: true });

function run(label, command, env = {}) {
  console.log(`\n==> ${label}: ${command}`);
  const started = Date.now();
  const { status } = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(
    `<== ${label} ${status === 0 ? 'ok' : `FAILED (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  return status === 0;
}

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};

for (const [label, command] of [
  ['lint', 'npm run lint'],
  ['typecheck', 'npm run typecheck'],
  ['build', 'npm run build'],
]) {
  if (!run(label, command)) process.exit(1);
}

const unitOk = run(
  'unit and API tests',
  `vitest run --reporter=default --reporter=json --outputFile.json=${results}/vitest.json`,
);
const e2eOk = run(
  'end-to-end tests',
  'playwright test -c e2e/playwright.config.ts --reporter=list,json',
  {
    PLAYWRIGHT_JSON_OUTPUT_FILE: `${results}/e2e.json`,
  },
);

const vitest = readJson(`${results}/vitest.json`);
const e2e = readJson(`${results}/e2e.json`);
const passed =
  (vitest?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0);
console.log(
  `\nunit/API: ${vitest?.numPassedTests ?? '?'} passed, ${vitest?.numFailedTests ?? '?'} failed; end-to-end: ${e2e?.stats?.expected ?? '?'} passed, ${e2e?.stats?.unexpected ?? '?'} failed, ${e2e?.stats?.flaky ?? 0} flaky`,
);
// The names of what failed (and what passed only on its retry), again at the end: a CI log
// is often read from its tail, where the runners' own reports have scrolled away.
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((line) => line.trim()) ?? '';
const unitFailures = (vitest?.testResults ?? []).flatMap((file) =>
  (file.assertionResults ?? [])
    .filter((test) => test.status === 'failed')
    .map(
      (test) =>
        `  FAILED unit  ${path.relative('.', file.name)} › ${test.fullName}: ${firstLine(test.failureMessages?.[0]).slice(0, 200)}`,
    ),
);
// A file that failed before its tests ran (an import error, a hook) has no test to name.
const unitFileErrors = (vitest?.testResults ?? [])
  .filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  )
  .map(
    (file) =>
      `  FAILED unit  ${path.relative('.', file.name)}: ${firstLine(file.message).slice(0, 200)}`,
  );
const e2eOutcomes = [];
const walk = (suite, titles) => {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      if (test.status === 'unexpected' || test.status === 'flaky')
        e2eOutcomes.push(
          `  ${test.status === 'flaky' ? 'FLAKY ' : 'FAILED'} e2e   ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`,
        );
  for (const child of suite.suites ?? [])
    walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
};
for (const suite of e2e?.suites ?? []) walk(suite, []);
for (const line of [...unitFailures, ...unitFileErrors, ...e2eOutcomes]) console.log(line);
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(unitOk && e2eOk && passed > 0 ? 0 : 1);
