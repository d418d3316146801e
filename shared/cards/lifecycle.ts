// The card lifecycle as one pure module (docs/decisions/0003-card-lifecycle.md): the transition
// table of card states and moves, who makes each move, whether the owners' screens offer it, and
// the refusal of every other (state, move) pair. The server applies `next()` (lambdas/cards/
// cards-repo.ts), the web draws each card's buttons from `actions()` and `can()`, and every other
// question about a card's state (may fans see it, may they buy it, is it waiting for the athlete)
// is asked here: this file is the only place a card state is compared.
//
// Nothing reaches fans before the athlete approves the exact image version and the collective
// publishes: only `approve` leads to approved (and pins the version the athlete reviewed), only
// `publish` leads from approved to published, and any edit or new image bytes go back through
// the athlete. A published card never changes (fans may hold it): it is retired.
import { CARD_HISTORY_MAX } from '../catalog/catalog-types';
import type { CardDrop, CardEvent, CardState, DigitalCollectible } from '../catalog/catalog-types';

export type { CardState };

export const CARD_STATES: readonly CardState[] = ['draft', 'pending', 'approved', 'rejected', 'published', 'retired'];

/** What may happen to a card. `image-changed` is not a button: the server makes it when the bytes
 * behind the image are no longer the version pinned for the athlete (at approval or publication). */
export type Move = 'edit' | 'submit' | 'delete' | 'approve' | 'reject' | 'publish' | 'schedule-drop' | 'retire' | 'image-changed' | 'close-drop';
export const MOVES: readonly Move[] = ['edit', 'submit', 'delete', 'approve', 'reject', 'publish', 'schedule-drop', 'retire', 'image-changed', 'close-drop'];

/** Who acts on a card: the athlete's collective, or the athlete. */
export type Role = 'collective' | 'athlete';

/** Who makes each move (null: whoever's action found it, the server). */
export const MOVER: Readonly<Record<Move, Role | null>> = {
  edit: 'collective',
  submit: 'collective',
  delete: 'collective',
  approve: 'athlete',
  reject: 'athlete',
  publish: 'collective',
  'schedule-drop': 'collective',
  retire: 'collective',
  'image-changed': null,
  'close-drop': null,
};

/** An allowed move: the state it leads to (null: the card is gone), and whether the owners' screens
 * offer it as a button. The server accepts a move the screens do not offer (an edit of a card with
 * the athlete sends it back to draft; a card not yet on sale may be deleted; a rejected card may be
 * sent again as it is), so a stale page or another client never fails; the screens take the direct
 * path (edit a draft or a rejected card, submit or delete a draft). */
export interface Transition {
  to: CardState | null;
  offered: boolean;
}

/** The transition table: every (state, move) pair not listed is refused (REFUSAL). */
export const TRANSITIONS: Readonly<Record<CardState, Readonly<Partial<Record<Move, Transition>>>>> = {
  draft: {
    edit: { to: 'draft', offered: true },
    submit: { to: 'pending', offered: true },
    delete: { to: null, offered: true },
  },
  pending: {
    edit: { to: 'draft', offered: false },
    delete: { to: null, offered: false },
    approve: { to: 'approved', offered: true },
    reject: { to: 'rejected', offered: true },
    'image-changed': { to: 'pending', offered: false },
  },
  approved: {
    edit: { to: 'draft', offered: false },
    delete: { to: null, offered: false },
    publish: { to: 'published', offered: true },
    // A moment drop: published for its window only, as an open edition (decision 0022).
    'schedule-drop': { to: 'published', offered: true },
    'image-changed': { to: 'pending', offered: false },
  },
  rejected: {
    edit: { to: 'draft', offered: true },
    submit: { to: 'pending', offered: false },
    delete: { to: null, offered: false },
  },
  published: {
    retire: { to: 'retired', offered: true },
    // The server closes a drop once its window has ended: its print run is fixed.
    'close-drop': { to: 'published', offered: false },
  },
  retired: {
    // A drop retired during its window still closes: its print run is fixed all the same.
    'close-drop': { to: 'retired', offered: false },
  },
};

/** The state a card is in (absent: published, as cards stored before the lifecycle). */
export const stateOf = (card: Pick<DigitalCollectible, 'state'>): CardState => card.state ?? 'published';

/** How a refusal names the card's state. */
const STATE_WORD: Record<CardState, string> = {
  draft: 'a draft',
  pending: 'awaiting the athlete’s approval',
  approved: 'approved',
  rejected: 'rejected',
  published: 'published',
  retired: 'retired',
};

/** The refusal of a move in a state the table does not list it for (409). */
const REFUSAL: Record<Move, (state: string) => string> = {
  edit: (s) => `This card is ${s}: fans may hold it, so it cannot change; retire it and create a new card`,
  submit: (s) => `This card is ${s}; only a draft or a rejected card is sent for approval`,
  delete: (s) => `This card is ${s}: it stays on record; retire it instead`,
  approve: (s) => `This card is ${s}; only a card awaiting approval can be approved`,
  reject: (s) => `This card is ${s}; only a card awaiting approval can be rejected`,
  publish: (s) => `Only a card the athlete approved can be published; this one is ${s}`,
  'schedule-drop': (s) => `Only a card the athlete approved can be dropped; this one is ${s}`,
  retire: (s) => `Only a published card is retired; this one is ${s} (delete it instead)`,
  'image-changed': (s) => `This card is ${s}: no image version of it waits for the athlete or for publication`,
  'close-drop': (s) => `This card is ${s}: only a published or retired drop closes`,
};

/** The refusal of a move made by the other side (403), in the words of the routes' ownership checks
 * (lambdas/platform/auth.ts): the athlete's routes refuse a collective, and the other way round. */
const WRONG_ROLE: Record<Role, string> = {
  athlete: 'This athlete belongs to another account',
  collective: 'This collective belongs to another account',
};

/** Refusals that depend on more than the state: the version reviewed, bytes that changed. */
export const REFUSALS = {
  /** Approving a version other than the one pinned at submission. */
  staleReview: 'This card changed while you were reviewing it; review it again',
  /** The bytes changed between submission and approval: the athlete sees the new ones. */
  imageChangedInReview: 'The image changed since the card was sent to you; review the new image',
  /** The bytes changed after approval: publishing sends the card back to the athlete. */
  imageChangedAfterApproval: 'The image changed after the athlete approved it; the card is back with the athlete for approval',
  /** The card moved on between the checks of a publication and its write. */
  changedWhilePublishing: 'The card changed while publishing; reload and try again',
  /** A drop sells an open edition; a quota would keep it locked through its window. */
  dropWithUnlockRule: 'A card with an unlock rule cannot be dropped: its quota would keep it locked during the window',
  /** A drop sells an open edition: a limited edition the athlete approved is not what a drop would
   * sell, so it is never turned into one (issue 32). */
  dropOfLimitedEdition: (edition: string | null | undefined, editionSize: number) =>
    `The athlete approved this card as ${(edition ?? '').trim() || 'Base'}, an edition of ${editionSize.toLocaleString('en-US')}, and a drop sells an open edition (as many as fans order in the window): to drop it, ask the athlete to approve an open-edition version of the card first`,
  /** Closing a card that is no drop, or a drop whose window has not ended. */
  notADrop: 'This card is not a moment drop',
  dropNotEnded: 'This drop’s window has not ended yet',
} as const;

export type Verdict = { ok: true } | { ok: false; status: 403 | 409; reason: string };

const refused = (status: 403 | 409, reason: string): Extract<Verdict, { ok: false }> => ({ ok: false, status, reason });

/** What the table's answers read of a card: its state and, for the moves whose rule also looks at
 * what the athlete approved (a drop), its edition and unlock rule. Absent fields: an open edition
 * with no quota, as stored cards read. */
export type CardTerms = Pick<DigitalCollectible, 'state'> & { edition?: string | null; editionSize?: number | null; unlock?: unknown };

/** The refusal of a move the card's state allows but what the athlete approved does not: a drop
 * sells an open edition for its window, so only a card approved as an open edition (no edition
 * size) and with no quota (it would stay locked through the window) may be dropped. */
function termsRefusal(card: CardTerms, move: Move): Refusal | null {
  if (move !== 'schedule-drop') return null;
  if (card.editionSize !== null && card.editionSize !== undefined) return refused(409, REFUSALS.dropOfLimitedEdition(card.edition, card.editionSize));
  if (card.unlock) return refused(409, REFUSALS.dropWithUnlockRule);
  return null;
}

/** May `move` be made on this card (by `role`, when given)? The table's answer, with its refusal,
 * then the card's own terms (a limited edition cannot be dropped). */
export function can(card: CardTerms, move: Move, role?: Role): Verdict {
  const mover = MOVER[move];
  if (role && mover && role !== mover) return refused(403, WRONG_ROLE[mover]);
  const state = stateOf(card);
  if (!TRANSITIONS[state][move]) return refused(409, REFUSAL[move](STATE_WORD[state]));
  return termsRefusal(card, move) ?? { ok: true };
}

/** The moves the owners' screens offer `role` on this card, in the order the buttons show: the
 * table's offered moves that `can` allows for this card. */
export function actions(card: CardTerms, role: Role): Move[] {
  const row = TRANSITIONS[stateOf(card)];
  return MOVES.filter((move) => MOVER[move] === role && row[move]?.offered === true && can(card, move, role).ok);
}

/** The moves the card's state offers `role` that its terms refuse, with the refusal: the screens
 * say it where the button would be (a limited edition's "Schedule a drop"), instead of a button
 * that could only fail. */
export function withheld(card: CardTerms, role: Role): Array<{ move: Move; reason: string }> {
  const row = TRANSITIONS[stateOf(card)];
  return MOVES.flatMap((move) => {
    if (MOVER[move] !== role || row[move]?.offered !== true) return [];
    const verdict = can(card, move, role);
    return verdict.ok ? [] : [{ move, reason: verdict.reason }];
  });
}

// ---- next: the card after a move -----------------------------------------------------------------

/** The fields an edit sets (the request, checked elsewhere against the athlete's cards and sets). */
export type CardFields = Pick<DigitalCollectible, 'name' | 'edition' | 'image' | 'description' | 'priceCents' | 'editionSize' | 'unlock' | 'setId'>;

/** A move as a request names it, before the image's bytes are read: enough to tell a repeat or
 * a refusal. */
export type Request =
  | { move: 'edit'; fields: CardFields }
  | { move: 'submit' }
  | { move: 'approve'; reviewedHash: string }
  | { move: 'reject'; reason: string }
  | { move: 'publish'; shopifyProductId?: string }
  | { move: 'schedule-drop'; startsAt: string; endsAt: string; shopifyProductId?: string }
  | { move: 'retire' }
  | { move: 'image-changed' }
  | { move: 'close-drop'; printRun: number };

/** A move with all it needs: the image versions come from fingerprinting the image's bytes. */
export type Step =
  | Extract<Request, { move: 'edit' | 'approve' | 'reject' | 'retire' | 'close-drop' }>
  | { move: 'submit'; imageHash: string }
  /** `imageHash`: the bytes' version now, which must still be the approved one. */
  | { move: 'publish'; shopifyProductId: string; imageHash: string }
  /** As publish, with the drop's window. */
  | { move: 'schedule-drop'; shopifyProductId: string; imageHash: string; startsAt: string; endsAt: string }
  | { move: 'image-changed'; imageHash: string };

/** Who moves the card, and when (kept in its history). */
export interface Mover {
  role: Role;
  /** The account's subject ('seed' for the sample data). */
  sub: string;
  at: string;
}

type Refusal = Extract<Verdict, { ok: false }>;

/** The card after a step: `changed` false for a repeat of a move already made or an edit that
 * changes nothing (answered with the card as it is, so a retried request succeeds), or the refusal. */
export type Outcome = { ok: true; card: DigitalCollectible; changed: boolean } | Refusal;

/** Whether the request was already made: the card is where it would take it, with its details. */
function isRepeat(card: DigitalCollectible, request: Request): boolean {
  const state = stateOf(card);
  switch (request.move) {
    case 'submit':
      return state === 'pending';
    case 'approve':
      return state === 'approved' && card.approval?.imageHash === request.reviewedHash;
    case 'reject':
      return state === 'rejected' && card.rejectionReason === request.reason;
    case 'publish':
      return state === 'published' && (!request.shopifyProductId || request.shopifyProductId === card.shopifyProductId);
    case 'schedule-drop':
      return state === 'published' && card.drop?.startsAt === request.startsAt && card.drop?.endsAt === request.endsAt;
    case 'close-drop':
      return Boolean(card.drop?.closedAt);
    case 'retire':
      return state === 'retired';
    case 'edit':
      return (
        TRANSITIONS[state].edit !== undefined &&
        Object.entries(request.fields).every(([k, v]) => JSON.stringify(card[k as keyof DigitalCollectible] ?? null) === JSON.stringify(v))
      );
    case 'image-changed':
      return false;
  }
}

/**
 * The decision on a request before the image's bytes are read: a repeat (answer the card as it
 * is), or allowed, or the refusal (the table's; an approval must name the version pinned when the
 * card was submitted).
 */
export function check(card: DigitalCollectible, request: Request, role?: Role): { ok: true; repeat: boolean } | Refusal {
  if (isRepeat(card, request)) return { ok: true, repeat: true };
  const verdict = can(card, request.move, role);
  if (!verdict.ok) return verdict;
  if (request.move === 'approve' && card.imageHash !== request.reviewedHash) return refused(409, REFUSALS.staleReview);
  if (request.move === 'close-drop' && !card.drop) return refused(409, REFUSALS.notADrop);
  return { ok: true, repeat: false };
}

function withEvent(card: DigitalCollectible, event: CardEvent): DigitalCollectible {
  return { ...card, history: [...(card.history ?? []), event].slice(-CARD_HISTORY_MAX) };
}

/** The card the (allowed) step makes: the table's next state, the step's fields, and the decision
 * kept in its history. */
function apply(card: DigitalCollectible, step: Step, { sub: by, at }: Mover): DigitalCollectible {
  const state = TRANSITIONS[stateOf(card)][step.move]?.to ?? stateOf(card);
  switch (step.move) {
    case 'edit':
      return withEvent({ ...card, ...step.fields, state, imageHash: null, approval: null, rejectionReason: null }, { action: 'edited', by, at });
    case 'submit':
      return withEvent({ ...card, state, imageHash: step.imageHash, rejectionReason: null }, { action: 'submitted', by, at, imageHash: step.imageHash });
    case 'approve':
      return withEvent(
        { ...card, state, approval: { by, at, imageHash: step.reviewedHash }, rejectionReason: null },
        { action: 'approved', by, at, imageHash: step.reviewedHash },
      );
    case 'reject':
      return withEvent(
        { ...card, state, rejectionReason: step.reason, approval: null },
        { action: 'rejected', by, at, reason: step.reason, imageHash: card.imageHash ?? null },
      );
    case 'publish':
      return withEvent(
        { ...card, state, shopifyProductId: step.shopifyProductId, publishedAt: at },
        { action: 'published', by, at, shopifyProductId: step.shopifyProductId },
      );
    case 'schedule-drop': {
      // The open edition the athlete approved (`can` refuses a limited one), sold for the window:
      // every order in it gets the next serial (decision 0022). Nothing the athlete approved changes.
      const drop: CardDrop = { startsAt: step.startsAt, endsAt: step.endsAt, closedAt: null, printRun: null };
      return withEvent(
        { ...card, state, shopifyProductId: step.shopifyProductId, publishedAt: at, drop },
        { action: 'drop-scheduled', by, at, shopifyProductId: step.shopifyProductId, startsAt: step.startsAt, endsAt: step.endsAt },
      );
    }
    case 'close-drop': {
      // The print run becomes the edition size: the edition is complete, nothing more is numbered.
      const drop: CardDrop = { ...card.drop!, closedAt: at, printRun: step.printRun };
      return withEvent({ ...card, state, editionSize: step.printRun, drop }, { action: 'drop-closed', by, at, printRun: step.printRun });
    }
    case 'retire':
      return withEvent({ ...card, state, retiredAt: at }, { action: 'retired', by, at });
    case 'image-changed': {
      // With the athlete it stays there with the new version; approved, it goes back to the athlete.
      const back = stateOf(card) === 'pending' ? { ...card, imageHash: step.imageHash } : { ...card, state, imageHash: step.imageHash, approval: null };
      return withEvent(back, { action: 'image-changed', by, at, imageHash: step.imageHash });
    }
  }
}

/** The card after `step`, or the refusal (check's, or a publication whose image is no longer the
 * approved version). */
export function next(card: DigitalCollectible, step: Step, mover: Mover): Outcome {
  const checked = check(card, step, mover.role);
  if (!checked.ok) return checked;
  if (checked.repeat) return { ok: true, card, changed: false };
  if ((step.move === 'publish' || step.move === 'schedule-drop') && card.approval?.imageHash !== step.imageHash)
    return refused(409, REFUSALS.changedWhilePublishing);
  if (step.move === 'close-drop' && Date.parse(mover.at) < Date.parse(card.drop!.endsAt)) return refused(409, REFUSALS.dropNotEnded);
  return { ok: true, card: apply(card, step, mover), changed: true };
}

/** A new card: a draft, with its creation kept in its history. */
export function draftCard(id: number, fields: CardFields, { sub: by, at }: Mover): DigitalCollectible {
  return withEvent(
    {
      id,
      shopifyProductId: '',
      ...fields,
      state: 'draft',
      imageHash: null,
      rejectionReason: null,
      approval: null,
      publishedAt: null,
      retiredAt: null,
    },
    { action: 'created', by, at },
  );
}

// ---- questions about a card's state --------------------------------------------------------------

/** Fans may see it: published, or retired (marked retired). Drafts and cards with the athlete stay
 * on the owner routes. */
export const isPublic = (card: Pick<DigitalCollectible, 'state'>): boolean => {
  const state = stateOf(card);
  return state === 'published' || state === 'retired';
};

/** On sale: published and not retired (whether it sells now also depends on its quota and edition). */
export const isOnSale = (card: Pick<DigitalCollectible, 'state'>): boolean => stateOf(card) === 'published';

export const isRetired = (card: Pick<DigitalCollectible, 'state'>): boolean => stateOf(card) === 'retired';

/** A public card's state as fans see it. */
export const publicState = (card: Pick<DigitalCollectible, 'state'>): 'published' | 'retired' => (isRetired(card) ? 'retired' : 'published');

/** Fans can buy it: on sale, unlocked (shared/cards/quota.ts), not sold out and, for a moment drop,
 * inside its window (`now`, ISO). */
export const isBuyable = (card: Pick<DigitalCollectible, 'state' | 'drop'>, sale: { locked: boolean; soldOut: boolean }, now?: string): boolean =>
  isOnSale(card) && !sale.locked && !sale.soldOut && (!card.drop || dropPhase(card, now ?? new Date().toISOString()) === 'live');

// ---- moment drops (decision 0022) ----------------------------------------------------------------

/** A drop's window lasts this long unless the collective says otherwise. */
export const DROP_DEFAULT_HOURS = 24;
/** A flash drop of a minute (a halftime moment) to a week: a moment, not a store. */
export const DROP_MIN_MINUTES = 1;
export const DROP_MAX_DAYS = 7;
/** A drop may be scheduled to start at most this far ahead. */
export const DROP_LEAD_MAX_DAYS = 30;

/**
 * Where a drop is, at `now`: before its window (`scheduled`), in it (`live`), after it with its
 * print run not recorded yet (`ended`: not on sale, the close follows within a minute), or
 * `closed` (its print run fixed). null: the card is no drop.
 */
export type DropPhase = 'scheduled' | 'live' | 'ended' | 'closed';

export function dropPhase(card: Pick<DigitalCollectible, 'drop'>, now: string): DropPhase | null {
  const drop = card.drop;
  if (!drop) return null;
  if (drop.closedAt) return 'closed';
  const t = Date.parse(now);
  if (t < Date.parse(drop.startsAt)) return 'scheduled';
  return t < Date.parse(drop.endsAt) ? 'live' : 'ended';
}

export { inDropWindow } from './drop-window';

/** The drop's window checked: `startsAt` (ISO) from now on (a minute's grace for a form sent
 * "now"), at most DROP_LEAD_MAX_DAYS ahead; `endsAt` after it by DROP_MIN_MINUTES to DROP_MAX_DAYS.
 * Field errors in the form's words. */
export function dropWindowErrors(startsAt: string, endsAt: string, now: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const [start, end, t] = [Date.parse(startsAt), Date.parse(endsAt), Date.parse(now)];
  const minute = 60_000;
  const day = 24 * 60 * minute;
  if (!Number.isFinite(start)) errors.startsAt = 'Enter when the drop starts';
  else if (start < t - minute) errors.startsAt = 'A drop cannot start in the past';
  else if (start > t + DROP_LEAD_MAX_DAYS * day) errors.startsAt = `A drop starts within ${DROP_LEAD_MAX_DAYS} days`;
  if (!Number.isFinite(end)) errors.endsAt = 'Enter when the drop ends';
  else if (Number.isFinite(start) && end - start < DROP_MIN_MINUTES * minute) errors.endsAt = 'A drop lasts at least a minute: end it after it starts';
  else if (Number.isFinite(start) && end - start > DROP_MAX_DAYS * day) errors.endsAt = `A drop lasts at most ${DROP_MAX_DAYS} days`;
  return errors;
}

/** The default end of a drop starting at `startsAt`: DROP_DEFAULT_HOURS later. */
export const defaultDropEnd = (startsAt: string): string => new Date(Date.parse(startsAt) + DROP_DEFAULT_HOURS * 3_600_000).toISOString();

/** Waiting for the athlete's decision (the athlete's Approvals). */
export const awaitsApproval = (card: Pick<DigitalCollectible, 'state'>): boolean => stateOf(card) === 'pending';

/** The athlete's reason while the card stays rejected (shown to the collective), else null. */
export const rejectionOf = (card: Pick<DigitalCollectible, 'state' | 'rejectionReason'>): string | null =>
  stateOf(card) === 'rejected' ? (card.rejectionReason ?? null) : null;

/** What the owners' screens call a state; sold out is no state but follows from the edition. */
export type ShownState = CardState | 'sold-out';

const STATE_LABEL: Record<ShownState, string> = {
  draft: 'Draft',
  pending: 'Pending approval',
  approved: 'Approved',
  rejected: 'Rejected',
  published: 'Published',
  retired: 'Retired',
  'sold-out': 'Sold out',
};

/** The state the owners' screens show: a published card whose edition sold out shows sold out. */
export const shownState = (card: Pick<DigitalCollectible, 'state'>, soldOut = false): ShownState => (isOnSale(card) && soldOut ? 'sold-out' : stateOf(card));

export const stateLabel = (state: ShownState): string => STATE_LABEL[state];

// ---- the collective's pipeline (the Cards board) --------------------------------------------------

/** The stages a card goes through on the collective's board, in order: a draft (or a card the
 * athlete rejected, back with the collective), waiting for the athlete, approved, live (on sale or
 * sold out), retired. */
export type PipelineStage = 'draft' | 'waiting' | 'approved' | 'live' | 'retired';
export const PIPELINE: readonly PipelineStage[] = ['draft', 'waiting', 'approved', 'live', 'retired'];

const STAGE_OF: Record<CardState, PipelineStage> = {
  draft: 'draft',
  rejected: 'draft',
  pending: 'waiting',
  approved: 'approved',
  published: 'live',
  retired: 'retired',
};

export const pipelineStage = (card: Pick<DigitalCollectible, 'state'>): PipelineStage => STAGE_OF[stateOf(card)];

/** The moves that take a card forward. */
const FORWARD: readonly Move[] = ['submit', 'approve', 'publish'];

/** The move that takes a card forward for `role` (the board's primary button): submit a draft,
 * publish an approved card, the athlete's approval; a rejected card is edited first. Null when the
 * next step is the other side's or there is none. */
export function nextMove(card: Pick<DigitalCollectible, 'state'>, role: Role): Move | null {
  const offered = actions(card, role);
  const forward = offered.find((move) => FORWARD.includes(move));
  if (forward) return forward;
  return stateOf(card) === 'rejected' && offered.includes('edit') ? 'edit' : null;
}
