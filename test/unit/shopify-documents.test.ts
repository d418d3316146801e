// Every GraphQL document the product sends to Shopify, checked against Shopify's own published
// Admin schema 2026-10 and its access-scope data (test/fixtures/shopify-admin-2026-10/, copied from
// Shopify): the documents are collected from the source (every string or template in lambdas/ and
// scripts/ that reads as a GraphQL operation), so a new one is covered without being listed here.
// Each validates (graphql-js `validate`); the variables the product sends with them, captured
// against the fake Admin API, are values of the declared input types; and the scopes Shopify's data
// says each document needs are met by its feature's requirement (lambdas/platform/shopify-scopes.ts),
// which docs/RUNBOOK.md ("Shopify app scopes") lists exactly.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  TypeInfo,
  buildSchema,
  getNamedType,
  getVariableValues,
  isCompositeType,
  parse,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { publishCardProduct, setCardProductStatus } from '#lambdas/cards/shopify-products';
import { createGraphqlClient } from '#lambdas/orders/admin-graphql';
import { countOrdersSince, runBulkOrders } from '#lambdas/orders/bulk-orders';
import { FEATURE_SCOPES, type ShopifyFeature, forgetGrantedScopes } from '#lambdas/platform/shopify-scopes';
import { startFakeAdminApi, type FakeAdminApi } from '../support/fake-shopify-admin';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.join(ROOT, 'test/fixtures/shopify-admin-2026-10');
let schema: GraphQLSchema;
/** Shopify's scope text per type (`Order`) and root field (`Mutation.productSet`). */
const access = JSON.parse(readFileSync(path.join(FIXTURES, 'admin_2026-10.access.json'), 'utf8')) as Record<string, string>;

beforeAll(() => {
  schema = buildSchema(readFileSync(path.join(FIXTURES, 'admin_2026-10.graphql'), 'utf8'));
});

interface SentDocument {
  file: string;
  line: number;
  text: string;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });

/** An operation (`query X`, `mutation X`) or an anonymous query (`{ field(` or `{ field {`). */
const looksLikeGraphql = (text: string) => /^\s*(query|mutation|subscription)\b[\s\w$(]/.test(text) || /^\s*\{\s*[A-Za-z_]\w*\s*[({]/.test(text);

/** Every string and template in the product's source that reads as a GraphQL document; a
 * template's substitutions stand as string values (where the product puts them: arguments). */
function collectDocuments(): SentDocument[] {
  const found: SentDocument[] = [];
  for (const file of [...sourceFiles('lambdas'), ...sourceFiles('scripts'), ...sourceFiles('shared')]) {
    const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visitNode = (node: ts.Node): void => {
      let text: string | null = null;
      if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((span) => `"\${}"${span.literal.text}`).join('');
      if (text !== null && looksLikeGraphql(text)) found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text });
      ts.forEachChild(node, visitNode);
    };
    visitNode(source);
  }
  return found;
}

/** Shopify's scope text as a requirement: any one of the scopes it names (its "Also:" part is the
 * staff member's permissions, not the app's); null when it names no scope. */
function requirementOf(text: string): string[] | null {
  const handles = [...text.split(/\bAlso:/)[0].matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
  return handles.length ? [...new Set(handles)] : null;
}

interface Needs {
  /** Each: any one of these scopes. */
  scopes: string[][];
  /** Conditions Shopify states without a scope (e.g. bulk operations: offline tokens only). */
  other: string[];
}

/** What Shopify's data says a document needs: its root fields' entries and every type it selects. */
function needsOf(document: DocumentNode): Needs {
  const needs: Needs = { scopes: [], other: [] };
  const note = (key: string) => {
    const text = access[key];
    if (text === undefined) return;
    const requirement = requirementOf(text);
    if (requirement) needs.scopes.push(requirement);
    else needs.other.push(text);
  };
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (parent && (parent === schema.getQueryType() || parent === schema.getMutationType())) note(`${parent.name}.${node.name.value}`);
        const named = getNamedType(typeInfo.getType());
        if (named && isCompositeType(named)) note(named.name);
      },
      InlineFragment(node) {
        if (node.typeCondition) note(node.typeCondition.name.value);
      },
    }),
  );
  return needs;
}

/** The feature a document belongs to, by where it is sent from. */
function featureOf(file: string): ShopifyFeature | 'none' {
  if (file.startsWith('lambdas/orders/')) return 'orders';
  if (file.startsWith('lambdas/cards/')) return 'products';
  return 'none';
}

/** A granted requirement (any of `granted`) meets Shopify's (any of `needed`): every scope the
 * operator may grant for it is one Shopify accepts (a write scope includes its read scope). */
const meets = (granted: readonly string[], needed: readonly string[]) =>
  granted.every((scope) => needed.includes(scope) || (scope.startsWith('write_') && needed.includes(`read_${scope.slice('write_'.length)}`)));

const documents = collectDocuments();
const where = (d: SentDocument) => `${d.file}:${d.line}`;

describe('the GraphQL documents the product sends', () => {
  it('are found in the source: publication, drops, reconciliation and the scope check', () => {
    const names = documents.map((d) => (parse(d.text).definitions[0] as OperationDefinitionNode).name?.value ?? `(anonymous, ${d.file})`);
    expect(names).toEqual(
      expect.arrayContaining([
        'PublishCard',
        'Locations',
        'CardProduct',
        'CardStatus',
        'RunOrders',
        'PollBulk',
        'CountOrders',
        'AppAccessScopes',
        '(anonymous, lambdas/orders/bulk-orders.ts)',
      ]),
    );
  });

  it.each(documents.map((d) => [where(d), d] as const))('%s validates against the 2026-10 schema', (_, d) => {
    expect(validate(schema, parse(d.text)).map((e) => e.message)).toEqual([]);
  });

  it("needs only scopes its feature's requirement grants, each requirement one Shopify's data states", () => {
    const byFeature = new Map<string, string[][]>();
    for (const d of documents) {
      const feature = featureOf(d.file);
      const { scopes } = needsOf(parse(d.text));
      if (feature === 'none') {
        // Sent by no feature (the scope check itself): it must need no scope.
        expect({ at: where(d), scopes }).toEqual({ at: where(d), scopes: [] });
        continue;
      }
      const requires = FEATURE_SCOPES[feature].requires;
      for (const needed of scopes) expect({ at: where(d), needed, met: requires.some((granted) => meets(granted, needed)) }).toMatchObject({ met: true });
      byFeature.set(feature, [...(byFeature.get(feature) ?? []), ...scopes]);
    }
    // Nothing asked beyond what some document needs.
    for (const [feature, { requires }] of Object.entries(FEATURE_SCOPES)) {
      for (const granted of requires)
        expect({ feature, granted, needed: (byFeature.get(feature) ?? []).some((needed) => meets(granted, needed)) }).toMatchObject({ needed: true });
    }
  });

  it('lists in docs/RUNBOOK.md every scope each feature needs, and the conditions Shopify states without a scope', () => {
    const runbook = readFileSync(path.join(ROOT, 'docs/RUNBOOK.md'), 'utf8');
    const section = /\n## Shopify app scopes\n([\s\S]*?)(?=\n## )/.exec(runbook)?.[1] ?? '';
    const rows = section.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| --'));
    for (const { label, requires } of Object.values(FEATURE_SCOPES)) {
      const row = rows.find((r) => r.split('|')[1].trim() === label);
      expect({ label, row: row !== undefined }).toEqual({ label, row: true });
      const listed = [...(row!.split('|')[2] ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).sort();
      expect({ label, listed }).toEqual({ label, listed: [...new Set(requires.flat())].sort() });
    }
    // e.g. bulk operations: offline tokens only (Shopify's text carries its documentation link).
    const other = new Set(documents.flatMap((d) => needsOf(parse(d.text)).other));
    for (const condition of other) expect(section).toContain(/https:\/\/\S+?(?=[.)]?(\s|$))/.exec(condition)?.[0] ?? condition);
  });
});

describe('the variables the product sends with them', () => {
  let admin: FakeAdminApi;
  const sent: Array<{ query: string; variables: Record<string, unknown> }> = [];
  const recording: typeof fetch = async (input, init) => {
    if (typeof init?.body === 'string') sent.push(JSON.parse(init.body) as { query: string; variables: Record<string, unknown> });
    return fetch(input, init);
  };
  beforeAll(async () => {
    admin = await startFakeAdminApi({ token: 'shpat_documents' });
    forgetGrantedScopes();
  });
  afterAll(() => admin.close());

  it('are checked field by field (a field the input type does not have is an error)', () => {
    const publish = documents.find((d) => /mutation PublishCard\b/.test(d.text))!;
    const operation = parse(publish.text).definitions[0] as OperationDefinitionNode;
    const wrong = getVariableValues(schema, operation.variableDefinitions ?? [], {
      input: { title: 'x', variants: [{ optionValues: [], inventoryQuantity: 3 }] },
    });
    expect(wrong.errors?.map((e) => e.message)).toEqual([expect.stringContaining('"inventoryQuantity" is not defined by type "ProductVariantSetInput"')]);
  });

  it('are values of the types each operation declares, and a bulk query is itself a valid query', async () => {
    // Act: every call the product makes, against the fake.
    const credentials = { storeDomain: 'drift-test.myshopify.com', accessToken: 'shpat_documents', baseUrl: admin.baseUrl };
    const card = {
      handle: 'drift-a1-c4',
      title: 'Marcus Reed - Gold 2026',
      descriptionHtml: '<p>Gold</p>',
      vendor: 'Drift State University',
      priceCents: 2500,
      editionSize: 100,
      imageUrl: 'https://example.cloudfront.net/uploads/x.png',
      sku: 'DRIFT-1-4',
    };
    const id = await publishCardProduct(credentials, card, recording);
    await publishCardProduct(credentials, card, recording); // the repeat: by id, without quantities
    await publishCardProduct(credentials, { ...card, handle: 'drift-a1-c5', editionSize: null, imageUrl: null, status: 'DRAFT' }, recording);
    await setCardProductStatus(credentials, id, 'ACTIVE', recording);
    const client = createGraphqlClient({ origin: admin.baseUrl, accessToken: 'shpat_documents', fetch: recording, sleep: async () => {} });
    await countOrdersSince(client, '2026-11-01T00:00:00.000Z');
    await runBulkOrders(client, '2026-11-01T00:00:00.000Z', { sleep: async () => {} });

    // Assess
    const operations = new Set<string>();
    for (const { query, variables } of sent) {
      const operation = parse(query).definitions[0] as OperationDefinitionNode;
      operations.add(operation.name?.value ?? '?');
      const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
      expect({ operation: operation.name?.value, errors: (coerced.errors ?? []).map((e) => e.message) }).toEqual({
        operation: operation.name?.value,
        errors: [],
      });
      if (operation.name?.value === 'RunOrders') expect(validate(schema, parse(String(variables.query))).map((e) => e.message)).toEqual([]);
    }
    // Every document collected from the source was sent here (a new one needs a call above).
    const named = documents.map((d) => (parse(d.text).definitions[0] as OperationDefinitionNode).name?.value).filter((n): n is string => !!n);
    expect([...operations].sort()).toEqual([...new Set(named)].sort());
  });
});
