import { ADMIN_USER_LIMITS } from '../../../../../shared/users/admin-user-rules.ts';

/** The placeholders of the user rules' messages ({{nameMin}} ...), for forms and bulk failure reasons. */
export const USER_RULE_VALUES = {
  nameMin: ADMIN_USER_LIMITS.name.min,
  nameMax: ADMIN_USER_LIMITS.name.max,
  passwordMin: ADMIN_USER_LIMITS.password.min,
  passwordMax: ADMIN_USER_LIMITS.password.max,
};
