// Prints the Node.js running the project's commands and refuses anything older than Node 22 (the
// Lambda runtime). `npm start`, `npm test`, `npm run ...` get Node 22 from the `node`
// devDependency: npm puts node_modules/.bin first on PATH, and node_modules/.bin/node is the
// registry's Node 22 binary, whatever Node runs npm itself.
import console from 'node:console';
import process from 'node:process';

const major = Number(process.versions.node.split('.')[0]);
console.log(`node ${process.version} (${process.execPath})`);
if (major < 22) {
  console.error(
    `Node ${process.version} is too old: the functions run on Node 22 in Lambda. Run the command through npm ` +
      '(npm start, npm test, npm run ...) after `npm install`, which puts the node devDependency (Node 22) first on PATH.',
  );
  process.exit(1);
}
