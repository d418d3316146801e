// The form kit's one money input, for every price and amount: dollars typed ("25", "25.50",
// "$1,250"), integer cents out by shared/platform/money.ts's rules (parseTypedDollars). The field
// keeps the text as typed (a half-typed "12." stays on screen); the form's check reads the cents
// with `centsOf` and names what is wrong in its own words.
import { parseTypedDollars, typedDollars } from '@shared/platform/money';
import { InputField, type FieldFrame } from '@/components/form/field';

/** The cents of a money field's text: null when it is not an amount, undefined when blank. */
export function centsOf(text: string): number | null | undefined {
  return text.trim() === '' ? undefined : parseTypedDollars(text);
}

/** What a money field shows for `cents` (2500 -> "25.00"); blank for none. */
export const dollarsText = (cents: number | null | undefined): string => (cents === null || cents === undefined ? '' : typedDollars(cents));

interface Props extends FieldFrame {
  value: string;
  onValue: (text: string) => void;
  placeholder?: string;
}

export function MoneyField(props: Props) {
  return <InputField {...props} inputMode="decimal" autoComplete="off" />;
}
