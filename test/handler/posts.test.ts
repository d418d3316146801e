// Posts handler: text that shows nothing (whitespace or invisible characters only) is refused with
// 400 naming the content field, on create and on edit, before anything is written.
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { handler as posts } from '#lambdas/sales/posts.handler';
import { installSampleCatalog } from '../support/fake-table';
import { claimsFor, invoke } from '../support/invoke';

const ddb = mockClient(DynamoDBDocumentClient);

const BLANK = {
  'zero-width spaces': '\u200B\u200B\u200B',
  'zero-width non-joiner and joiner': '\u200C\u200D',
  'word joiner': '\u2060',
  'byte order mark': '\uFEFF',
  'no-break and ideographic spaces': '\u00A0\u3000',
  'Mongolian vowel separator': '\u180E',
  'a mix with ordinary whitespace': ' \u200B\n\uFEFF\t\u2060 ',
};

const create = (content: unknown) =>
  invoke(posts, 'POST /api/athletes/{id}/posts', { pathParameters: { id: '1' }, claims: claimsFor.athlete(1), body: JSON.stringify({ content }) });
const edit = (content: unknown) =>
  invoke(posts, 'PUT /api/athletes/{id}/posts/{postId}', {
    pathParameters: { id: '1', postId: '3' },
    claims: claimsFor.athlete(1),
    body: JSON.stringify({ content }),
  });

beforeEach(() => {
  process.env.LOG_LEVEL = 'silent';
  installSampleCatalog(ddb);
});

describe('posts: blank text', () => {
  it.each(Object.entries(BLANK))('refuses a new post made of %s with 400 on the content field', async (_name, content) => {
    // Act
    const res = await create(content);
    // Assess
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'validation', message: expect.any(String), fields: { content: 'Write something before posting' } } });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it.each(Object.entries(BLANK))('refuses an edit to %s with 400 on the content field', async (_name, content) => {
    const res = await edit(content);
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ content: 'Write something before posting' });
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses content that is not a string', async () => {
    const res = await create(42);
    expect(res.status).toBe(400);
    expect(res.body.error.fields.content).toBeDefined();
  });

  it('stores visible text without the invisible characters around it', async () => {
    // Prepare
    ddb.on(UpdateCommand).resolves({ Attributes: { lastId: 7 } });
    ddb.on(PutCommand).resolves({});
    // Act
    const res = await create('\u200B\uFEFF Game day! \u3000\u200B');
    // Assess
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 7, content: 'Game day!' });
    expect(ddb.commandCalls(PutCommand)[0].args[0].input.Item).toMatchObject({ content: 'Game day!' });
  });

  it('keeps joiners inside the text (emoji sequences) on edit', async () => {
    ddb
      .on(UpdateCommand)
      .resolves({ Attributes: { postId: 3, content: 'Family 👨\u200D👩\u200D👧', date: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-02T00:00:00.000Z' } });
    const res = await edit('\u200BFamily 👨\u200D👩\u200D👧\u200B');
    expect(res.status).toBe(200);
    expect(ddb.commandCalls(UpdateCommand)[0].args[0].input.ExpressionAttributeValues).toMatchObject({ ':c': 'Family 👨\u200D👩\u200D👧' });
  });
});
