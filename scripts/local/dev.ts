// `npm run dev`: the local API (DynamoDB Local + handlers) on API_PORT (default 3001) and Vite's
// dev server with hot reload on WEB_PORT (default 5173), proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseCli } from '../lib/cli';
import { START_OPTIONS, START_USAGE } from './flags';

const ROOT = path.resolve(__dirname, '../..');
// Misspelt flags stop here, before anything starts; start.ts gets them as given.
parseCli(START_USAGE.replace('npm start', 'npm run dev'), { options: START_OPTIONS });
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, PORT: apiPort, API_PORT: apiPort };

const api = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/local/start.ts', '--no-build', ...process.argv.slice(2)], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});
const web = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts', '--host', '127.0.0.1'], {
  cwd: ROOT,
  env,
  stdio: 'inherit',
});

const stop = () => {
  api.kill('SIGINT');
  web.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  web.kill('SIGINT');
  process.exitCode = code ?? 0;
});
web.on('exit', () => api.kill('SIGINT'));
