import path from 'node:path';
import { build } from 'rolldown';
import type { Plugin } from 'vite';

/** The loader's source, built on its own (no chunk of the app may be shared with it). */
export const WIDGET_SOURCE = path.resolve(import.meta.dirname, 'src/widget/loader.ts');

/**
 * Writes dist/widget.js, the script organisers put on their pages (issue 26 §1): the loader
 * bundled apart from the app as one minified classic script (an IIFE, so an `async` script
 * tag runs it and it leaks no names), at a fixed address that snippets can keep. It must
 * stay under 15 KB gzipped; it is a few KB.
 */
export function widgetScript(): Plugin {
  return {
    name: 'gatepass-widget-script',
    apply: 'build',
    async generateBundle() {
      const result = await build({
        input: WIDGET_SOURCE,
        write: false,
        output: { format: 'iife', minify: true },
        logLevel: 'warn',
      });
      const [chunk] = result.output;
      this.emitFile({ type: 'asset', fileName: 'widget.js', source: chunk.code });
    },
  };
}
