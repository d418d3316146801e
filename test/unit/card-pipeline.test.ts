// The collective's pipeline of cards (shared/cards/lifecycle.ts): each state's stage on the Cards
// board and the move that takes it forward, read from the same transition table.
import { CARD_STATES, PIPELINE, actions, nextMove, pipelineStage } from '#shared/cards/lifecycle';

describe('the card pipeline', () => {
  it('puts every state on one stage, in the order a card moves', () => {
    expect(CARD_STATES.map((state) => [state, pipelineStage({ state })])).toEqual([
      ['draft', 'draft'],
      ['pending', 'waiting'],
      ['approved', 'approved'],
      ['rejected', 'draft'],
      ['published', 'live'],
      ['retired', 'retired'],
    ]);
    expect(PIPELINE).toEqual(['draft', 'waiting', 'approved', 'live', 'retired']);
    // A card stored before the lifecycle reads as published: live.
    expect(pipelineStage({})).toBe('live');
  });

  it('names the next move of each side, always one the side is offered', () => {
    expect(CARD_STATES.map((state) => [state, nextMove({ state }, 'collective'), nextMove({ state }, 'athlete')])).toEqual([
      ['draft', 'submit', null],
      ['pending', null, 'approve'],
      ['approved', 'publish', null],
      ['rejected', 'edit', null],
      ['published', null, null],
      ['retired', null, null],
    ]);
    for (const state of CARD_STATES)
      for (const role of ['collective', 'athlete'] as const) {
        const move = nextMove({ state }, role);
        if (move) expect(actions({ state }, role)).toContain(move);
      }
  });
});
