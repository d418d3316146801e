// The flags of local mode, shared by `npm start` (start.ts) and `npm run dev` (dev.ts, which
// checks them before handing them to start.ts).
export const START_USAGE = 'usage: npm start [-- --memory] [--port N] [--no-build] [--no-seed] [--dynamo-endpoint URL] [--table NAME]';

export const START_OPTIONS = {
  memory: { type: 'boolean' },
  port: { type: 'string' },
  'no-build': { type: 'boolean' },
  'no-seed': { type: 'boolean' },
  'dynamo-endpoint': { type: 'string' },
  table: { type: 'string' },
} as const;
