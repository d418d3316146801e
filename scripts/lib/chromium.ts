// Chromium's switches for a browser on this machine (the browser tests, test/support/browser.ts,
// and the web benchmark's Lighthouse runs, scripts/bench/web.ts): no sandbox or GPU, no calls home
// (updates, sync, QUIC), and every host name but 127.0.0.1 unresolved, so a page reaches local
// mode only.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
