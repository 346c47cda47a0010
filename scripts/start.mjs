// `npm start`: builds the web app and the server, printing only what needs reading (warnings
// and errors; `npm run build` shows the bundler's file-by-file report), then runs the server.
import { spawnSync } from 'node:child_process';
import './check-node.mjs';

const started = Date.now();
console.log('Building the web app and the server…');
for (const command of [
  'npm run --silent build -w apps/web -- --logLevel warn',
  'npm run --silent build -w apps/server',
]) {
  const { status } = spawnSync(command, { shell: true, stdio: 'inherit' });
  if (status !== 0) {
    console.error(`Build failed (${command}); the server was not started.`);
    process.exit(status ?? 1);
  }
}
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s; starting the server.`);
await import(new URL('../apps/server/dist/main.js', import.meta.url).href);
