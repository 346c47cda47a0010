import type { Plugin } from 'vite';

/** React Router's production build, the one file the app's router code comes from. */
const ROUTER_CHUNK =
  /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;

/**
 * Lets the bundler drop the parts of React Router the app never uses (decision 090).
 * The library builds its components and contexts at module level (`React.forwardRef(…)`,
 * `React.createContext(…)`, `React.memo(…)`) and names them right after
 * (`Form.displayName = "Form"`): calls and assignments a bundler must keep, so `<Form>`,
 * `<NavLink>`, the data router's and React Server Components' pieces stayed in every first
 * load with all they call. Those calls have no effect but their result, so they are marked
 * pure (what babel-plugin-annotate-pure-calls does), and the names — for React DevTools,
 * which the production build does not serve — are left out.
 */
export function pureRouter(): Plugin {
  return {
    name: 'gatepass-pure-router',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!ROUTER_CHUNK.test(id)) return null;
      const out = code
        .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";$/gm, '')
        .replace(/(=\s*)(React\d*\.(?:forwardRef|createContext|memo)\()/g, '$1/* @__PURE__ */ $2');
      return { code: out, map: null };
    },
  };
}
