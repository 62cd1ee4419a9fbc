import { describe, expect, it } from 'vitest';
import { eraserPayProblems } from './eraser-checks.ts';

const valid = {
  finalConfirms: [true, true, true],
  agreements: [true, true],
  payMethod: 'card',
  userName: 'Kim Buyer',
  userEmail: 'buyer@example.com',
  userPhone: '+821012345678',
};

describe('the eraser pay checks', () => {
  it('find every problem at once, each at its field, in the specified order', () => {
    expect(
      eraserPayProblems({
        finalConfirms: [true, true, false],
        agreements: [true, false],
        payMethod: undefined,
        userName: 'K',
        userEmail: 'buyer@example',
        userPhone: '',
      }),
    ).toEqual([
      { field: 'final-confirmation', alert: 'check_final_confirm' },
      { field: 'agreement', alert: 'check_agreement' },
      { field: 'pay-method', alert: 'check_paymethod' },
      { field: 'name', alert: 'check_username' },
      { field: 'email', alert: 'check_email' },
      { field: 'phone', alert: 'check_contact' },
    ]);
  });

  it.each([
    [{ finalConfirms: [true, false, true] }, 'check_final_confirm'],
    [{ agreements: [false, true] }, 'check_agreement'],
    [{ payMethod: undefined }, 'check_paymethod'],
    [{ userName: 'K' }, 'check_username'],
    [{ userEmail: 'nope' }, 'check_email'],
    [{ userPhone: '' }, 'check_contact'],
  ])('%j alone -> %s alone', (change, alert) => {
    expect(eraserPayProblems({ ...valid, ...change }).map((problem) => problem.alert)).toEqual([alert]);
  });

  it('pass a complete form', () => {
    expect(eraserPayProblems(valid)).toEqual([]);
  });
});
