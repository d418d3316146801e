// Small text rules shared by several screens (bio excerpt 150, achievements 4 then '+N more'; docs/ARCHITECTURE.md, "Screen rules").
import { isBlankText } from '@shared/platform/text';

export const BIO_EXCERPT_LENGTH = 150;
export const ACHIEVEMENTS_SHOWN = 4;

/** Cuts a text at 150 characters and adds an ellipsis; shorter texts are returned unchanged. */
export function excerpt(text: string, max = BIO_EXCERPT_LENGTH): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max).trimEnd()}...` : value;
}

/** Placeholders the sample data uses for "no achievement" ('N/A'): never shown as an achievement. */
export function isPlaceholderAchievement(text: string): boolean {
  return isBlankText(text) || /^(n\/?a|none|-+|—)$/i.test(text.trim());
}

/** The achievements to show (placeholders such as 'N/A' left out) and the count hidden behind '+N more'. */
export function visibleAchievements(list: string[], max = ACHIEVEMENTS_SHOWN): { shown: string[]; more: number } {
  const all = (list ?? []).filter((a) => typeof a === 'string' && !isPlaceholderAchievement(a));
  return { shown: all.slice(0, max), more: Math.max(0, all.length - max) };
}
