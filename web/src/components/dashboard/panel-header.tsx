// A panel's header (both panels and the collective's athlete view): the picture, the title, the
// handle or name under it, and the time-zone note in a toggletip beside the title rather than a
// line under every title (docs/decisions/0016). `children` go at the header's end (a mounted notice).
import type { ReactNode } from 'react';
import { FallbackImage } from '@/components/fallback-image';
import { InfoTip } from '@/components/info-tip';
import '@/components/design.css';

export const ZONE_NOTE = 'Dates and months in UTC';

interface Props {
  title: string;
  /** The line under the title (a handle, the collective's name); a blank line keeps its place until it is known. */
  subtitle?: string | null;
  image?: string;
  children?: ReactNode;
}

export function PanelHeader({ title, subtitle, image, children }: Props) {
  return (
    <header className="dash-header">
      {image !== undefined && <FallbackImage src={image} alt="" className="dash-avatar" />}
      <div className="dash-header-text">
        <div className="dash-title-row">
          <h1>{title}</h1>
          <InfoTip label="About dates and times">
            {ZONE_NOTE}: a day is its UTC calendar day and a month its UTC month, as the figures are counted. Hover a date for its exact time.
          </InfoTip>
        </div>
        <p className="dash-handle">{subtitle ?? '\u00a0'}</p>
      </div>
      {children}
    </header>
  );
}
