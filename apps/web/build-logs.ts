// What the production build may say without anyone needing to act, and what must stop it.
// `npm start` builds the web app first: a newcomer reads every warning it prints as a
// failure, so the known-harmless ones are dropped here, each with the reason, and any
// other warning fails the build (`npm test` and CI build too), so a new one is looked at
// instead of scrolling by. See docs/decisions/031-quiet-install-and-start.md.

/** The fields of a Rolldown log this filter reads. */
export interface BuildLog {
  code?: string;
  message: string;
  id?: string;
  exporter?: string;
}

const inNodeModules = (file: string | undefined) =>
  file !== undefined && /[\\/]node_modules[\\/]/.test(file);

/** Why a log is known to be harmless, or undefined when it is not. */
export function harmlessBecause(log: BuildLog): string | undefined {
  // Libraries mark their client components for React Server Components. This is a
  // single-page app with no server components: bundled, the directive has no meaning.
  if (
    log.code === 'MODULE_LEVEL_DIRECTIVE' &&
    log.message.includes('"use client"') &&
    (inNodeModules(log.id) || /"[^"]*node_modules[\\/][^"]*"/.test(log.message))
  ) {
    return '"use client" in a library: no server components here';
  }
  // React Router reads React.useOptimistic through a computed key and falls back to
  // plain state when it is missing, as it is in preact/compat (decision 015).
  if (
    log.code === 'IMPORT_IS_UNDEFINED' &&
    log.message.includes('`useOptimistic`') &&
    log.message.includes('preact/compat')
  ) {
    return 'react-router feature-detects useOptimistic';
  }
  // Rolldown reports plugins that took a large share of the build's time. It is a timing
  // note, not a fault: on a loaded machine (CI, parallel builds) the compression plugins
  // trip it, and a build must not fail on how busy the machine was.
  if (log.code === 'PLUGIN_TIMINGS') return 'a note on plugin timings, not a fault';
  return undefined;
}

export type LogLevel = 'info' | 'warn' | 'error' | 'debug';

export class UnexpectedBuildWarning extends Error {
  constructor(readonly log: BuildLog) {
    super(
      `${log.code ? `[${log.code}] ` : ''}${log.message}\n` +
        'The build stops on a warning it does not know to be harmless: fix its cause, or add it ' +
        'with the reason it is harmless to apps/web/build-logs.ts.',
    );
    this.name = 'UnexpectedBuildWarning';
  }
}

/**
 * Rolldown's onLog: harmless warnings are dropped, any other warning stops the build
 * (thrown, with the warning's text), everything else passes through.
 */
export function strictBuildLogs(
  level: LogLevel,
  log: BuildLog,
  handler: (level: LogLevel, log: BuildLog) => void,
): void {
  if (level === 'warn') {
    if (harmlessBecause(log)) return;
    throw new UnexpectedBuildWarning(log);
  }
  handler(level, log);
}
