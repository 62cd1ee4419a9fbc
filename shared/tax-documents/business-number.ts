import { format, validate } from 'stdnum/lib/cjs/kr/brn.js';

/**
 * The business registration number (사업자등록번호), the one rule the cash receipt for expense proof
 * (지출증빙) and the tax invoice (세금계산서) share: 10 digits (tax office, business kind, serial, check
 * digit), written 123-45-67890. The check digit is the weighted sum the National Tax Service uses,
 * checked by stdnum's kr.brn (python-stdnum's port; its source: the OECD's note on Korean TINs).
 * Answers the 10 digits, or undefined when the number cannot be one.
 */
export function businessNumberDigits(typed: string): string | undefined {
  const result = validate(typed.trim());
  return result.isValid ? result.compact : undefined;
}

/** The number as it is written: 123-45-67890. */
export function formatBusinessNumber(digits: string): string {
  return format(digits);
}
