import * as z from 'zod';
import { customPlanInfoRule } from '../plans/custom-plan-rules.ts';
import { PLAN_PERIODS } from '../plans/plan-types.ts';
import { adminDescRule } from '../users/admin-user-rules.ts';
import { defineRoute } from './define-route.ts';

/**
 * The console's custom plans and plan-name choices (admin-console.md sections 2, 3, 7 and 9). A custom
 * plan's quotas travel in stored units (STT seconds, cloud storage bytes); the console converts.
 */
export const AdminCustomPlanSchema = z.object({
  planName: z.string(),
  planType: z.literal('CUSTOM'),
  period: z.enum(PLAN_PERIODS),
  priceKo: z.number(),
  priceJa: z.number(),
  priceEn: z.number(),
  sttUsage: z.number(),
  ttsUsage: z.number(),
  translateUsage: z.number(),
  genimageUsage: z.number(),
  cloudStorageUsage: z.number(),
  userTTSSpeakerUsage: z.number(),
  /** The partner whose catalogue sells it; '' for a plan sold only through operators. */
  referralType: z.string(),
  /** Absent on the partner plans every installation starts with (shared/plans/price-book.ts). */
  description: z.string().optional(),
  created: z.number().optional(),
  createdBy: z.string().optional(),
});
export type AdminCustomPlan = z.infer<typeof AdminCustomPlanSchema>;

export const adminCustomPlanList = defineRoute({
  name: 'adminCustomPlanList',
  service: 'auth',
  method: 'GET',
  path: '/admin-custom-plan-list',
  caller: 'admin',
  role: 'viewer',
  summary:
    'Every custom plan: those sold only through operators and the partners’ (one catalogue query each), ' +
    'newest first',
  request: z.object({}),
  response: z.object({ results: z.array(AdminCustomPlanSchema) }),
  handler: 'custom-plans/admin-custom-plan-list',
  grants: ['table:read'],
});

export const adminCustomPlanCreate = defineRoute({
  name: 'adminCustomPlanCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-custom-plan-create',
  caller: 'admin',
  role: 'finance',
  summary:
    'Create a custom plan in its catalogue (the partner’s for a referral type, else the operators’ own); ' +
    'a name any catalogue already holds is a conflict. The operator and desc are kept on the plan',
  request: z.object({ planInfo: customPlanInfoRule, desc: adminDescRule }),
  response: z.object({ result: AdminCustomPlanSchema }),
  handler: 'custom-plans/admin-custom-plan-create',
  grants: ['table:read', 'table:write'],
});

export const adminPlanNameChoices = defineRoute({
  name: 'adminPlanNameChoices',
  service: 'auth',
  method: 'GET',
  path: '/admin-plan-name-choices',
  caller: 'admin',
  role: 'viewer',
  summary:
    'The plan names a payment progress or a direct deposit may use: the twelve built-in passes and the ' +
    'custom plans of a fixed term, sorted',
  request: z.object({}),
  response: z.object({ planNames: z.array(z.string()) }),
  handler: 'custom-plans/admin-plan-name-choices',
  grants: ['table:read'],
});

export const customPlanRoutes = [adminCustomPlanList, adminCustomPlanCreate, adminPlanNameChoices] as const;
