// Structured JSON logs (one line per event) with an optional correlation id.

type Level = 'debug' | 'info' | 'warn' | 'error';

let correlationId: string | undefined;

export function setCorrelationId(id: string | undefined): void {
  correlationId = id;
}

export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  const line = JSON.stringify({ level, message, time: new Date().toISOString(), ...(correlationId ? { correlationId } : {}), ...fields });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}
