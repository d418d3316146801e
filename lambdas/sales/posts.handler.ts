// An athlete's posts: list, create, edit, delete (blank text -> 400; blank includes text made
// only of invisible characters such as zero-width spaces: shared/platform/text.ts).
import { POST_MAX_LENGTH } from '#shared/sales/sales-api';
import { forbiddenCharacterError, isBlankText, trimText } from '#shared/platform/text';
import { createPost, deletePost, listPosts, updatePost } from './athlete-repo';
import { requireAthleteOwner } from '#lambdas/platform/auth';
import { requireAthlete } from '#lambdas/catalog/catalog-lookup';
import { ValidationError } from '#lambdas/platform/errors';
import type { Event } from '#lambdas/platform/http';
import { intParam, json, jsonBody, noContent, routes } from '#lambdas/platform/http';

function contentOf(event: Event): string {
  const { content } = jsonBody(event);
  if (typeof content !== 'string' || isBlankText(content)) throw new ValidationError({ content: 'Write something before posting' });
  if (content.length > POST_MAX_LENGTH) throw new ValidationError({ content: `Keep it under ${POST_MAX_LENGTH} characters` });
  const forbidden = forbiddenCharacterError(trimText(content), 'Your post', { multiline: true });
  if (forbidden) throw new ValidationError({ content: forbidden });
  return trimText(content);
}

export const handler = routes({
  'GET /api/athletes/{id}/posts': async (event) => {
    const id = intParam(event, 'id');
    await requireAthlete(id);
    return json(200, { items: await listPosts(id) });
  },
  'POST /api/athletes/{id}/posts': async (event) => {
    const id = intParam(event, 'id');
    requireAthleteOwner(event, id);
    const content = contentOf(event);
    await requireAthlete(id);
    return json(201, await createPost(id, content));
  },
  'PUT /api/athletes/{id}/posts/{postId}': async (event) => {
    const id = intParam(event, 'id');
    requireAthleteOwner(event, id);
    const postId = intParam(event, 'postId');
    const content = contentOf(event);
    await requireAthlete(id);
    return json(200, await updatePost(id, postId, content));
  },
  'DELETE /api/athletes/{id}/posts/{postId}': async (event) => {
    const id = intParam(event, 'id');
    requireAthleteOwner(event, id);
    const postId = intParam(event, 'postId');
    await requireAthlete(id);
    await deletePost(id, postId);
    return noContent();
  },
});
