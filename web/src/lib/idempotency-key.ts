// One key per form submission for the writes that must happen once (the payout writes take it
// as the Idempotency-Key header or `idempotencyKey` in the body: lambdas/money/payouts.handler.ts).
// The form kit (components/form/use-form-submit.ts) makes it when a submission starts and keeps it
// for that submission's retries.

/** A fresh key (8-100 of letters, digits, - _ : .): a UUID where the browser has one. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
