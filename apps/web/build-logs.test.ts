import { describe, expect, it } from 'vitest';
import {
  harmlessBecause,
  strictBuildLogs,
  UnexpectedBuildWarning,
  type BuildLog,
} from './build-logs.ts';

// Logs as Rolldown gives them during `vite build` of this app.
const useClient: BuildLog = {
  code: 'MODULE_LEVEL_DIRECTIVE',
  message:
    'The semantics of the module level directive "use client" in "../../node_modules/react-toastify/dist/index.mjs" may not be preserved when bundling.',
  id: '/repo/node_modules/react-toastify/dist/index.mjs',
};
const useOptimistic: BuildLog = {
  code: 'IMPORT_IS_UNDEFINED',
  message:
    "Import `useOptimistic` will always be undefined because there is no matching export in '../../node_modules/preact/compat/dist/compat.mjs'",
  id: '/repo/node_modules/react-router/dist/production/chunk-7RTFRKQW.mjs',
};

function run(level: 'warn' | 'info', log: BuildLog) {
  const passed: BuildLog[] = [];
  strictBuildLogs(level, log, (_level, l) => passed.push(l));
  return passed;
}

describe('build logs (npm start prints only what matters)', () => {
  it('drops the known-harmless warnings: "use client" in libraries, useOptimistic in preact/compat', () => {
    expect(harmlessBecause(useClient)).toBeDefined();
    expect(harmlessBecause(useOptimistic)).toBeDefined();
    expect(run('warn', useClient)).toEqual([]);
    expect(run('warn', useOptimistic)).toEqual([]);
  });

  it('stops the build on any other warning, naming it', () => {
    const otherImport: BuildLog = {
      ...useOptimistic,
      message: useOptimistic.message.replace('useOptimistic', 'useActionState'),
    };
    const ownDirective: BuildLog = {
      code: 'MODULE_LEVEL_DIRECTIVE',
      message:
        'The semantics of the module level directive "use server" in "src/app/x.ts" may not be preserved when bundling.',
      id: '/repo/apps/web/src/app/x.ts',
    };
    const circular: BuildLog = {
      code: 'CIRCULAR_DEPENDENCY',
      message: 'Circular dependency: a -> b -> a',
    };
    for (const log of [otherImport, ownDirective, circular]) {
      expect(harmlessBecause(log)).toBeUndefined();
      expect(() => run('warn', log)).toThrow(UnexpectedBuildWarning);
    }
    expect(() => run('warn', circular)).toThrow(/CIRCULAR_DEPENDENCY.*Circular dependency/s);
  });

  it('passes information through untouched', () => {
    const info: BuildLog = { code: 'PLUGIN_LOG', message: 'hello' };
    expect(run('info', info)).toEqual([info]);
  });
});
