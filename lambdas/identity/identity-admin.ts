// Linking a user's account to an athlete or a collective (an accepted invite): the Cognito user
// pool's AdminUpdateUserAttributes (the read-only custom:athleteId / custom:collectiveId) and
// AdminAddUserToGroup, signed with SigV4 by the function's role, which holds only those two
// actions on this pool. Local mode registers its identity provider here instead (scripts/local),
// as it stands in for DynamoDB with DynamoDB Local. The user's next token refresh carries the link.
// Removing an account (a fan deleting their own, or a Google account refused by the age screen):
// AdminDeleteUser, held by the account function only.
import { awsJsonCall } from '#lambdas/platform/aws-lite';

export interface IdentityAdmin {
  link(username: string, link: { kind: 'athlete'; athleteId: number } | { kind: 'collective'; collectiveId: number }): Promise<void>;
  /** Removes the account (a user that is already gone is not an error: the deletion was done). */
  deleteUser(username: string): Promise<void>;
}

let local: IdentityAdmin | undefined;

/** Local mode only: the in-process identity provider. */
export function useLocalIdentityAdmin(admin: IdentityAdmin): void {
  local = admin;
}

const cognito: IdentityAdmin = {
  async link(username, link) {
    const UserPoolId = process.env.USER_POOL_ID;
    if (!UserPoolId) throw new Error('USER_POOL_ID is not set');
    const [Name, Value, GroupName] =
      link.kind === 'athlete' ? ['custom:athleteId', String(link.athleteId), 'athlete'] : ['custom:collectiveId', String(link.collectiveId), 'collective'];
    await awsJsonCall('cognito-idp', 'AWSCognitoIdentityProviderService.AdminUpdateUserAttributes', {
      UserPoolId,
      Username: username,
      UserAttributes: [{ Name, Value }],
    });
    await awsJsonCall('cognito-idp', 'AWSCognitoIdentityProviderService.AdminAddUserToGroup', { UserPoolId, Username: username, GroupName });
  },
  async deleteUser(username) {
    const UserPoolId = process.env.USER_POOL_ID;
    if (!UserPoolId) throw new Error('USER_POOL_ID is not set');
    try {
      await awsJsonCall('cognito-idp', 'AWSCognitoIdentityProviderService.AdminDeleteUser', { UserPoolId, Username: username });
    } catch (error) {
      if (!/UserNotFoundException/.test(String((error as Error)?.message ?? error))) throw error;
    }
  },
};

export const identityAdmin = (): IdentityAdmin => local ?? cognito;
