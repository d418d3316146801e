// cdk-nag's findings for a synthesised app (infra tests): the validation report CDK writes, and
// the stack's annotations. Acknowledged findings carry their reason.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';

export interface Violation {
  ruleName: string;
  severity: string;
  violatingConstructs: { constructPath: string }[];
  acknowledgedId?: string;
  reason?: string;
}

export interface ValidationReport {
  pluginReports: { pluginName: string; violations: Violation[]; suppressedViolations?: Violation[] }[];
}

export function readNagReport(outdir: string): ValidationReport | undefined {
  const file = path.join(outdir, 'validation-report.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ValidationReport) : undefined;
}

/** Every AwsSolutions finding nobody acknowledged: in the report, then as annotations. */
export function unsuppressedNagFindings(outdir: string, stack: Stack): string[] {
  const reported = (readNagReport(outdir)?.pluginReports ?? [])
    .filter((p) => p.pluginName === 'AwsSolutions')
    .flatMap((p) => p.violations)
    .flatMap((v) => v.violatingConstructs.map((c) => `${v.severity} ${v.ruleName} at ${c.constructPath}`));
  const annotations = Annotations.fromStack(stack);
  const annotated = [
    ...annotations.findError('*', Match.stringLikeRegexp('AwsSolutions')),
    ...annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions')),
  ].map((m) => `${m.id}: ${String(m.entry.data)}`);
  return [...reported, ...annotated];
}
