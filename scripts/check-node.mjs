// npm puts node_modules/.bin first on PATH for every script, and the root devDependency
// "node" installs Node 24 there, so scripts run on Node 24 even where the machine has 20.
// This check turns a confusing crash on an old runtime into one clear sentence.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `Gatepass needs Node.js 22.12 or newer (24 LTS recommended); this is ${process.version}.\n` +
      'Run it through npm (npm start, npm test): npm installs Node 24 into node_modules/.bin.',
  );
  process.exit(1);
}
