// The flags of local mode, shared by `npm start` (start.ts) and `npm run dev` (dev.ts, which
// checks them before handing them to start.ts).
export const START_USAGE =
  'usage: npm start [-- --memory] [--port N] [--no-build] [--no-seed] [--verbose] [--log-file FILE] [--dynamo-endpoint URL] [--table NAME]';

export const START_OPTIONS = {
  memory: { type: 'boolean' },
  port: { type: 'string' },
  'no-build': { type: 'boolean' },
  'no-seed': { type: 'boolean' },
  /** The structured (JSON) logs on the terminal too, not only in the log file. */
  verbose: { type: 'boolean' },
  /** Where the structured logs go (default .data/local.log, emptied at each start). */
  'log-file': { type: 'string' },
  'dynamo-endpoint': { type: 'string' },
  table: { type: 'string' },
} as const;
