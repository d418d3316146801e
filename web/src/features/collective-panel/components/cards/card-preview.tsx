// The card form's live preview: the Drift frame (components/card/card-frame.tsx, the one card
// component) around the chosen art, with the athlete, the edition and its size as they are typed,
// so the collective sees the card as fans will before anything is saved. A file not uploaded yet is
// shown from the browser (an object URL); an existing card's art from its URL; none yet: a blank
// window that says so.
import { useEffect, useState } from 'react';
import type { MemberSummary } from '@shared/catalog/catalog-types';
import { sportLabel } from '@shared/catalog/sports';
import { formatUsd } from '@shared/platform/money';
import { CardFrame } from '@/components/card/card-frame';

interface Props {
  member: MemberSummary | null;
  school: string | null;
  title: string;
  edition: string;
  /** null: an open edition. */
  editionSize: number | null;
  priceCents: number | null;
  file: File | null;
  /** The saved art (an edit), when no new file is chosen. */
  image: string | null;
  cardNumber: number;
}

/** A browser URL for a chosen file while it is chosen. */
function useFileUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

export function CardPreview({ member, school, title, edition, editionSize, priceCents, file, image, cardNumber }: Props) {
  const chosen = useFileUrl(file);
  const art = chosen ?? image;
  return (
    <section className="cw-preview" aria-label="Preview: the card as fans will see it">
      {art ? (
        <CardFrame
          image={art}
          alt={`Preview of ${title.trim() || 'the new card'}`}
          athleteName={member?.name ?? 'Choose an athlete'}
          meta={member ? [member.number ? `#${member.number}` : '', member.position, sportLabel(member.sport)].filter(Boolean).join(' · ') : null}
          school={school}
          edition={edition.trim() || null}
          editionSize={editionSize}
          cardNumber={cardNumber}
        />
      ) : (
        <div className="cw-preview-empty">The card’s art shows here once you choose an image.</div>
      )}
      <div className="cw-preview-caption">
        <strong>{title.trim() || 'Untitled card'}</strong>
        <span className="muted small">{priceCents !== null && priceCents > 0 ? formatUsd(priceCents) : 'No price yet'}</span>
      </div>
    </section>
  );
}
