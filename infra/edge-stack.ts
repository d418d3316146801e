// NilCardsEdgeStack: the CloudFront WAF web ACL, alone in us-east-1 (the only region where AWS
// creates CLOUDFRONT-scope web ACLs) for a site deployed in any other region. infra/app.ts adds it
// only then and hands its ARN to NilCardsStack through CDK's cross-region references (an SSM
// parameter written in the site's region and read back by NilCardsStack at deploy time).
import { Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeWaf } from './constructs/waf';

export class NilCardsEdgeStack extends Stack {
  readonly waf: EdgeWaf;

  constructor(scope: Construct, id: string, props: StackProps) {
    super(scope, id, props);
    this.waf = new EdgeWaf(this, 'Waf');
  }
}
