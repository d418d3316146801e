// The identity provider of handler tests that link accounts (an accepted invite or profile request,
// an approved collective application): a recording stand-in registered as local mode registers its
// own (useLocalIdentityAdmin), which can be made to fail once as an unavailable Cognito would.
import { useLocalIdentityAdmin, type IdentityAdmin } from '#lambdas/identity/identity-admin';

export type Link = Parameters<IdentityAdmin['link']>;

export interface RecordingIdentityAdmin {
  /** The links made, in order. */
  links: Link[];
  /** The accounts removed, in order. */
  deleted: string[];
  /** The next link throws "Cognito is unavailable" and records nothing. */
  failNext: () => void;
}

/** Registers the stand-in (call it in beforeAll): `links` are the links made, in order; after
 * `failNext()` the next link throws "Cognito is unavailable" and records nothing. */
export function useRecordingIdentityAdmin(): RecordingIdentityAdmin {
  const links: Link[] = [];
  const deleted: string[] = [];
  let failing = false;
  useLocalIdentityAdmin({
    link: async (...args) => {
      if (failing) {
        failing = false;
        throw new Error('Cognito is unavailable');
      }
      links.push(args);
    },
    deleteUser: async (username) => {
      if (failing) {
        failing = false;
        throw new Error('Cognito is unavailable');
      }
      deleted.push(username);
    },
  });
  return { links, deleted, failNext: () => (failing = true) };
}
