// "Download my data" (issue 23): everything Drift holds about the signed-in fan, as JSON: the account
// (name, email, age band, groups), the orders under its email (as stored: lines, status, refunds) and
// the cards it holds with their serial numbers, by athlete. The same reads as a Shopify data request's
// export (lambdas/orders/privacy.ts customerData, bounded). The download is recorded, completed, in
// the operators' privacy queue (a consumer's request to know, served at once).
import type { AccountDataExport, AccountView } from '#shared/sales/account-api';
import { getAthlete } from '#lambdas/catalog/catalog-repo';
import { hashEmail } from '#lambdas/identity/buyers';
import { customerData, recordAccountRequest } from '#lambdas/orders/privacy';
import type { Principal } from '#lambdas/platform/auth';
import type { Store } from '#lambdas/platform/store';

type Ranges = Record<string, Array<[number, number]>>;

export async function accountData(
  store: Store,
  input: { principal: Principal; email: string; ageBand: AccountView['ageBand']; now: string },
): Promise<AccountDataExport> {
  const buyerKey = hashEmail(input.email);
  const data = await customerData(store, buyerKey);
  const athletes = await Promise.all(data.holdings.map((h) => getAthlete(h.athleteId)));
  const cards = data.holdings
    .map((h, i) => {
      const athlete = athletes[i];
      const serials = h.serials as Ranges;
      return {
        athleteId: h.athleteId,
        athleteName: athlete?.name ?? `Athlete ${h.athleteId}`,
        cards: Object.entries(h.cards)
          .filter(([, units]) => units > 0)
          .map(([cardId, units]) => ({
            cardId: Number(cardId),
            name: athlete?.digitalcollectibles.find((c) => c.id === Number(cardId))?.name ?? `Card ${cardId}`,
            units,
            serials: serials[cardId] ?? [],
          })),
      };
    })
    .filter((a) => a.cards.length > 0);
  await recordAccountRequest(store, {
    requestId: `account-data-${buyerKey.slice(0, 16)}-${input.now.replace(/[-:.TZ]/g, '').slice(0, 17)}`,
    topic: 'account/data',
    buyerKey,
    at: input.now,
    by: 'account:holder',
    done: { orders: 0 },
  });
  return {
    generatedAt: input.now,
    account: {
      username: input.principal.username,
      email: input.email,
      emailVerified: input.principal.emailVerified,
      ageBand: input.ageBand,
      groups: input.principal.groups,
    },
    orders: data.orders,
    cards,
    truncated: data.truncated,
  };
}
