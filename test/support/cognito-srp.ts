// Signs in to the local identity provider (or any Cognito user pool API) with USER_SRP_AUTH from
// node, for tests: InitiateAuth with A, then the PASSWORD_VERIFIER claim (scripts/local/srp.ts).
import { claimSignature, clientA, clientKey, poolNameOf, srpTimestamp } from '../../scripts/local/srp';

export type CognitoCall = (operation: string, body: Record<string, unknown>) => Promise<{ status: number; body: Record<string, any> }>;

export interface SrpSignInOptions {
  clientId: string;
  userPoolId: string;
  /** Sign the claim with this timestamp instead of now. */
  timestamp?: string;
}

/** The RespondToAuthChallenge answer (tokens or an error), or the InitiateAuth error. */
export async function srpSignIn(
  call: CognitoCall,
  username: string,
  password: string,
  options: SrpSignInOptions,
): Promise<{ status: number; body: Record<string, any> }> {
  const { a, A } = clientA();
  const started = await call('InitiateAuth', {
    ClientId: options.clientId,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: username, SRP_A: A.toString(16) },
  });
  if (started.status !== 200) return started;
  const params = started.body.ChallengeParameters as Record<string, string>;
  const poolName = poolNameOf(options.userPoolId);
  const key = clientKey({ a, A, B: BigInt(`0x${params.SRP_B}`), saltHex: params.SALT, poolName, username: params.USER_ID_FOR_SRP, password });
  const timestamp = options.timestamp ?? srpTimestamp();
  return call('RespondToAuthChallenge', {
    ClientId: options.clientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses: {
      USERNAME: params.USER_ID_FOR_SRP,
      PASSWORD_CLAIM_SECRET_BLOCK: params.SECRET_BLOCK,
      TIMESTAMP: timestamp,
      PASSWORD_CLAIM_SIGNATURE: claimSignature(key, poolName, params.USER_ID_FOR_SRP, params.SECRET_BLOCK, timestamp),
    },
  });
}
