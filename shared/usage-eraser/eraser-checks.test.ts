import { describe, expect, it } from 'vitest';
import { firstEraserPayProblem } from './eraser-checks.ts';

const valid = {
  finalConfirms: [true, true, true],
  agreements: [true, true],
  payMethod: 'card',
  userName: 'Kim Buyer',
  userEmail: 'buyer@example.com',
  userPhone: '+821012345678',
};

describe('the eraser pay checks, in their order', () => {
  it.each([
    [{ finalConfirms: [true, true, false], agreements: [false, false] }, 'check_final_confirm'],
    [{ agreements: [true, false], payMethod: undefined }, 'check_agreement'],
    [{ payMethod: undefined, userName: '' }, 'check_paymethod'],
    [{ userName: 'K', userEmail: 'nope' }, 'check_username'],
    [{ userEmail: 'buyer@example', userPhone: '' }, 'check_email'],
    [{ userPhone: '' }, 'check_contact'],
  ])('%j -> %s', (change, alert) => {
    expect(firstEraserPayProblem({ ...valid, ...change })?.alert).toBe(alert);
  });

  it('passes a complete form', () => {
    expect(firstEraserPayProblem(valid)).toBeUndefined();
  });
});
