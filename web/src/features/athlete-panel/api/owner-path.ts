// The athlete's owner reads (cards, payouts, statement, disclosure) have read-only demo twins under
// /demo: the signed-in athlete reads its own routes, every other visitor the demo tenant's.
export const ownerPath = (ownAthlete: boolean, path: string): string => (ownAthlete ? path : `/demo${path}`);
