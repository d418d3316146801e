// Where sign-in starts for a page that needs it: /login with the page to come back to. Its own
// module, so the route guard (components/require-sign-in.tsx, in the entry chunk) takes only this
// and not the sign-in prompts, which load with the screens that show them.
import { paths } from '@/config/paths';

export function loginHref(next: string): string {
  return `${paths.login.getHref()}?next=${encodeURIComponent(next)}`;
}
