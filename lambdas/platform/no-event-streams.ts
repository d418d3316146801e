// Bundling substitute for `@smithy/core/event-streams` in the Lambda bundles (an esbuild alias in
// infra/bundling.ts). The SDK's protocol layer imports it lazily, only to serialise event-stream
// operations (Bedrock streaming, S3 SelectObjectContent, Transcribe…); the DynamoDB calls our
// functions make have none, yet esbuild inlines the lazy import: ~19 KiB of a 250 KiB budget.
// Should an event-stream operation ever run in a bundle, it fails loudly here.
const unsupported = (): never => {
  throw new Error('AWS event-stream operations are not bundled into these functions (see infra/bundling.ts)');
};

export class EventStreamSerde {
  constructor() {
    unsupported();
  }
}

export const eventStreamSerdeProvider = unsupported;
