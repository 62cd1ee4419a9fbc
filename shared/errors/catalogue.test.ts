import { describe, expect, it } from 'vitest';
import {
  ADMIN_ERROR_CODES,
  adminErrorStatus,
  CLIENT_ERROR_CODES,
  clientCodeForResponse,
  clientCodeForServerError,
  clientCodeForUserRefundError,
  formatAdminError,
  formatClientError,
  IDENTITY_ERRORS,
  identityErrorMessageKey,
  SERVER_ERROR_TYPES,
} from './catalogue.ts';

describe('client codes', () => {
  it('lists A04, A06, A12, A17, A26, L00 to L33 and our L34, each once', () => {
    const expected = [
      'A04',
      'A06',
      'A12',
      'A17',
      'A26',
      ...Array.from({ length: 35 }, (_, i) => `L${String(i).padStart(2, '0')}`),
    ];
    expect([...CLIENT_ERROR_CODES].sort()).toEqual(expected.sort());
  });
});

describe('server error types to client codes (section 8)', () => {
  it.each([
    ['AUTHORIZATION', 'L07'],
    ['DUPLICATE_PAYMENT', 'L05'],
    ['INCONSISTENCY', 'L06'],
    ['DB_ERROR', 'L08'],
    ['EXPIRED', 'L03'],
    ['NO_PAYMENT_PROGRESS', 'L23'],
    ['NAVER_PAY_API_ERROR', 'L22'],
    ['USER_VERIFICATION_NEEDED', 'L24'],
    ['USER_NOT_SUBSCRIBED', 'L25'],
    ['INVALID_ARGUMENT', 'L26'],
    ['INVALID_COUPON_CODE', 'L20'],
    ['INVALID_PRICE', 'L10'],
    ['ABNORMAL_PAYMENT_STATUS', 'L27'],
    ['COUPON_USAGE_INSERT_FAILED', 'L28'],
    ['USER_ALREADY_SUBSCRIBED', 'L29'],
    ['UNSUBSCRIBE_NOT_ALLOWED', 'L30'],
    ['UPGRADE_NOT_ALLOWED', 'L31'],
    ['SUBSCRIPTION_NOT_ALLOWED', 'L33'],
    ['PLAN_CHANGE_NOT_ALLOWED', 'L34'],
    ['ACCOUNT_HAS_OPEN_PAYMENT', 'L27'],
  ])('%s gives %s', (type, code) => {
    expect(clientCodeForServerError(type)).toBe(code);
  });

  it('gives the payment general error for UNKNOWN, PORTONE_FAILED, SMS_FAILED, an unknown and a missing type', () => {
    for (const type of ['UNKNOWN', 'PORTONE_FAILED', 'SMS_FAILED', 'SOMETHING_ELSE', undefined, null, '']) {
      expect(clientCodeForServerError(type)).toBe('L02');
    }
  });

  it('covers every server error type the specification lists, and ours: the account deletion’s refusal, SMS_FAILED, the refunds’ four, the change of plan’s refusal and the tax invoices’ two', () => {
    expect(SERVER_ERROR_TYPES).toHaveLength(29);
    expect(clientCodeForServerError('BUSINESS_NOT_OPERATING')).toBe('L26');
    expect(clientCodeForServerError('TAX_INVOICE_SERVICE_FAILED')).toBe('L02');
    expect(clientCodeForServerError('REFUND_ACCOUNT_REQUIRED')).toBe('L26');
    expect(clientCodeForServerError('REFUND_ACCOUNT_REFUSED')).toBe('L09');
    expect(clientCodeForServerError('REFUND_NOT_POSSIBLE')).toBe('L27');
    expect(clientCodeForServerError('REFUND_REFUSED')).toBe('L09');
  });
});

describe('answers of the payment service', () => {
  it('maps a 401 to the authorization error even with another body', () => {
    expect(clientCodeForResponse({ status: 401, body: { error: { code: 'EXPIRED', msg: '' } } })).toBe('L07');
  });
  it('maps a catalogue error body by its type', () => {
    expect(clientCodeForResponse({ status: 410, body: { error: { code: 'EXPIRED', msg: 'gone' } } })).toBe(
      'L03',
    );
    expect(clientCodeForResponse({ status: 200, body: { error: { code: 'INVALID_PRICE', msg: '' } } })).toBe(
      'L10',
    );
  });
  it('maps a non-OK answer without an error body, and a failed fetch, to the network error', () => {
    expect(clientCodeForResponse({ status: 502, body: '<html>' })).toBe('L04');
    expect(clientCodeForResponse('network-failure')).toBe('L04');
  });
  it('finds no error in an OK answer without an error body', () => {
    expect(clientCodeForResponse({ status: 200, body: { result: 'success' } })).toBeNull();
  });
});

describe('user-refund codes', () => {
  it.each([
    ['invalid_token', 'L07'],
    ['invalid_level', 'L07'],
    ['db-error', 'L08'],
    ['expired', 'L03'],
    ['anything', 'L01'],
    ['network-failure', 'L04'],
  ])('%s gives %s', (code, expected) => {
    expect(clientCodeForUserRefundError(code)).toBe(expected);
  });
});

describe('admin errors', () => {
  // insufficient_role is issue 27's (staff roles, which the specification does not have): 403; the other
  // refusals answer their 4xx (issue 30): only db-error and internal are 500.
  it('gives 401 to invalid_token and invalid_level, a 4xx to every refusal and 500 to db-error and internal', () => {
    const statuses: Record<string, number> = {
      invalid_token: 401,
      invalid_level: 401,
      insufficient_role: 403,
      invalid_argument: 400,
      not_found: 404,
      conflict: 409,
    };
    for (const code of ADMIN_ERROR_CODES) expect(adminErrorStatus(code), code).toBe(statuses[code] ?? 500);
  });
  it('formats as AdminError: {code}, {message}', () => {
    expect(formatAdminError('invalid_level', 'not an operator')).toBe(
      'AdminError: invalid_level, not an operator',
    );
  });
});

describe('identity errors', () => {
  it('lists every auth code of the admin specification', () => {
    for (const code of [
      'INVALID_EMAIL',
      'EMAIL_NOT_FOUND',
      'USER_NOT_FOUND',
      'INVALID_PASSWORD',
      'TOO_MANY_REQUESTS',
      'NETWORK_REQUEST_FAILED',
      'EMAIL_EXISTS',
      'TOO_MANY_ATTEMPTS_TRY_LATER',
      'CREDENTIAL_TOO_OLD_LOGIN_AGAIN',
      'TOKEN_EXPIRED',
      'INVALID_ID_TOKEN',
    ]) {
      expect(IDENTITY_ERRORS).toHaveProperty(code);
    }
  });
  it('shows email_not_found on the email field for unknown e-mails and users, and a general message otherwise', () => {
    expect(identityErrorMessageKey('EMAIL_NOT_FOUND')).toBe('error.email_not_found');
    expect(identityErrorMessageKey('USER_NOT_FOUND')).toBe('error.email_not_found');
    expect(identityErrorMessageKey('INVALID_PASSWORD')).toBe('error.invalid_password');
    expect(identityErrorMessageKey('WHATEVER')).toBe('error.unknown');
  });
});

describe('display', () => {
  it('puts the code in brackets before the localized text, and a provider description after it', () => {
    expect(formatClientError('L03', 'The payment has expired.')).toBe('[L03] The payment has expired.');
    expect(formatClientError('L09', 'Provider error.', 'Card declined')).toBe(
      '[L09] Provider error. Card declined',
    );
  });
});
