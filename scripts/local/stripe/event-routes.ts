// The event log's API: GET /v1/events (a list) and GET /v1/events/:id, over the events the stand-in
// stored (events.ts).
import { type Route, listOf, retrieve } from './context';
import { fail } from './form';

/** GET /v1/events: newest first, the calling account's events (a connected account's with its
 * Stripe-Account header), filtered by `type` (with a trailing * as Stripe allows: payout.*) or `types[]`. */
const listEvents = listOf('event', {
  match: (call) => {
    const type = call.params.str('type');
    const types = call.params.strings('types');
    call.params.bool('delivery_success');
    if (types && types.length > 20) throw fail.invalid('types', 'You may pass at most 20 types.');
    const matchesType = (value: string) =>
      (!type || (type.endsWith('*') ? value.startsWith(type.slice(0, -1)) : value === type)) && (!types || types.includes(value));
    return (event) => matchesType(String(event.type));
  },
});

export const eventRoutes: Route[] = [
  ['GET', /^\/v1\/events$/, listEvents],
  ['GET', /^\/v1\/events\/([^/]+)$/, retrieve('event')],
];
