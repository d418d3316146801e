// The one card component: the app draws the frame, the edition and its size, the card number and an
// owned card's serial around any image, and never the athlete's tier.
import { render, screen, within } from '@testing-library/react';
import { CardFrame } from '@/components/card/card-frame';
import { editionChip, editionKey, editionWords, serialStamp } from '@/components/card/card-edition';

describe('card edition words', () => {
  it('names the edition and its size, an open edition as open', () => {
    expect(editionChip('Gold', 100)).toBe('Gold /100');
    expect(editionChip('Base', 2500)).toBe('Base /2,500');
    expect(editionChip(null, null)).toBe('Base · Open');
    expect(editionWords('Signature', 10)).toBe('Signature edition of 10');
    expect(editionWords('Moment', null)).toBe('Moment open edition');
    // A moment drop that closed with no sale (its print run, 0, became its size) has no edition of 0.
    expect(editionChip('Gold', 0)).toBe('Gold · None sold');
    expect(editionWords('Gold', 0)).toBe('Gold drop: No copies sold in this drop');
  });

  it('colours the house editions by name and any other name alike', () => {
    expect(['Base', 'gold', ' Signature ', '', null, 'Rookie Patch'].map(editionKey)).toEqual(['base', 'gold', 'signature', 'base', 'base', 'special']);
  });

  it('stamps the first serial and counts the other ranges', () => {
    expect(serialStamp([[32, 32]], 100)).toBe('#32 / 100');
    expect(serialStamp([[3, 4]], 100)).toBe('#3–4 / 100');
    expect(
      serialStamp(
        [
          [3, 3],
          [9, 9],
          [12, 14],
        ],
        500,
      ),
    ).toBe('#3 / 500 +2');
    expect(serialStamp([], 100)).toBeNull();
    expect(serialStamp(undefined, 100)).toBeNull();
  });
});

describe('CardFrame', () => {
  const base = {
    image: '/uploads/collective-1/athlete-1/card.png',
    alt: 'Marcus Reed - Card #2 trading card',
    athleteName: 'Marcus Reed',
    meta: '#7 · Quarterback · Football',
    school: 'Drift State University',
    edition: 'Gold',
    editionSize: 100,
    cardNumber: 2,
  };

  it('draws the frame around an uploaded image with the edition, its size, the school and the card number', () => {
    render(<CardFrame {...base} />);
    const figure = screen.getByRole('figure');
    expect(figure).toHaveAttribute('data-edition', 'gold');
    expect(within(figure).getByRole('img', { name: 'Marcus Reed - Card #2 trading card' })).toHaveAttribute('src', base.image);
    expect(figure).toHaveTextContent('Marcus Reed');
    expect(figure).toHaveTextContent('#7 · Quarterback · Football');
    expect(figure).toHaveTextContent('Gold /100');
    expect(figure).toHaveTextContent('Gold edition of 100');
    expect(figure).toHaveTextContent('Drift State University');
    expect(figure).toHaveTextContent('Card #2');
    // Not owned: no serial.
    expect(figure).not.toHaveTextContent(/Serial/);
  });

  it("shows an owned card's serial as '#n / N'", () => {
    render(<CardFrame {...base} serials={[[32, 32]]} />);
    expect(screen.getByRole('figure')).toHaveTextContent('Serial #32 / 100');
  });

  it("never stamps the athlete's tier or level on the card", () => {
    render(<CardFrame {...base} edition="Base" editionSize={500} />);
    const text = screen.getByRole('figure').textContent ?? '';
    expect(text).not.toMatch(/legendary|rare|uncommon|common|basic|level/i);
    expect(text).toContain('Base /500');
  });

  it('loads the main card at once and the others lazily', () => {
    const { rerender } = render(<CardFrame {...base} priority />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'eager');
    rerender(<CardFrame {...base} />);
    expect(screen.getByRole('img')).toHaveAttribute('loading', 'lazy');
  });

  it('carries no style attribute (server-rendered HTML under the CSP)', () => {
    const { container } = render(<CardFrame {...base} serials={[[1, 2]]} muted />);
    expect(container.querySelector('[style]')).toBeNull();
    expect(screen.getByRole('figure')).toHaveClass('drift-card-muted');
  });
});
