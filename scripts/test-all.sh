#!/usr/bin/env bash
# `npm test`: every test layer CI runs, in one jest run (unit, handler, infra, web components,
# integration against DynamoDB Local, browser tests against local mode in Debian's Chromium).
# Prints a closing line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
# Node 22 (the Lambda runtime) from the `node` devDependency, also when this script is run directly.
export PATH="$PWD/node_modules/.bin:$PATH"
if ! node scripts/require-node.mjs; then
  echo "0 passed, 1 failed"
  exit 1
fi

echo "building the web app for the browser tests..."
if ! node node_modules/vite/bin/vite.js build --config web/vite.config.ts --logLevel warn; then
  echo "0 passed, 1 failed"
  exit 1
fi

results="$(mktemp -t jest-results.XXXXXX.json)"
LOG_LEVEL=silent AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE=1 npx jest --ci --json --outputFile="$results" "$@"
status=$?
node -e '
  const fs = require("fs");
  let r = {};
  try { r = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); } catch {}
  const failedSuites = (r.testResults || []).filter((s) => s.status === "failed" && (s.assertionResults || []).every((a) => a.status !== "failed")).length;
  console.log(`${r.numPassedTests || 0} passed, ${(r.numFailedTests || 0) + failedSuites + (r.testResults ? 0 : 1)} failed`);
' "$results"
rm -f "$results"
exit $status
