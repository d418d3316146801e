// Small text rules shared by several screens (SPEC section 9: bio excerpt 150, achievements 4 then '+N more').

export const BIO_EXCERPT_LENGTH = 150;
export const ACHIEVEMENTS_SHOWN = 4;

/** Cuts a text at 150 characters and adds an ellipsis; shorter texts are returned unchanged. */
export function excerpt(text: string, max = BIO_EXCERPT_LENGTH): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max).trimEnd()}...` : value;
}

/** The achievements to show and the count hidden behind '+N more'. 'N/A' entries are kept as the sample data has them. */
export function visibleAchievements(list: string[], max = ACHIEVEMENTS_SHOWN): { shown: string[]; more: number } {
  const all = list ?? [];
  return { shown: all.slice(0, max), more: Math.max(0, all.length - max) };
}
