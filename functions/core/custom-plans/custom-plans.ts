import type { AdminCustomPlan } from '../../../shared/api/custom-plans.ts';
import type { CustomPlanInfo } from '../../../shared/plans/custom-plan-rules.ts';
import { planNameChoices } from '../../../shared/plans/plan-name-choices.ts';
import { isSubscriptionPeriod } from '../../../shared/plans/plan-types.ts';
import {
  CUSTOM_PLAN_CATALOGUE,
  CUSTOM_PLAN_CATALOGUES,
  createCustomPlan,
  findPlanByName,
  getPlanCatalogue,
  planUsageFor,
} from '../data/plan-catalogue-repository.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import { AdminError } from '../errors.ts';

/**
 * Custom plans (admin-console.md sections 3, 5 and 9). A partner's plan (referralType manebi or
 * malgnsoft) goes into that partner's catalogue, so the partner's customers are offered it on the
 * pricing and order pages; any other goes into the operators' own catalogue (CUSTOM_PLAN_CATALOGUE),
 * sold through order links (payment progress) and direct deposits only.
 */
const catalogueOf = (referralType: string) => referralType || CUSTOM_PLAN_CATALOGUE;

/** The custom plans of one catalogue, with their quotas. */
async function customPlansOf(catalogueName: string): Promise<AdminCustomPlan[]> {
  const catalogue = await getPlanCatalogue(catalogueName);
  return catalogue.prices
    .filter((price) => price.planType === 'CUSTOM')
    .flatMap((price) => {
      const usage = planUsageFor(catalogue, price);
      if (!usage) return [];
      const { planType: _planType, ...quotas } = usage;
      const record = catalogue.customPlans.find((custom) => custom.name === price.name);
      return [
        {
          planName: price.name,
          planType: 'CUSTOM' as const,
          period: price.period,
          priceKo: price.priceKo,
          priceJa: price.priceJa,
          priceEn: price.priceEn,
          ...quotas,
          referralType: catalogueName === CUSTOM_PLAN_CATALOGUE ? '' : catalogueName,
          ...(record
            ? { description: record.description, created: record.created, createdBy: record.createdByEmail }
            : {}),
        },
      ];
    });
}

/** Every custom plan with its quotas, newest first (the partners' starting plans, undated, last). */
export async function listCustomPlans(): Promise<AdminCustomPlan[]> {
  const all = await Promise.all(CUSTOM_PLAN_CATALOGUES.map(customPlansOf));
  return all.flat().sort((a, b) => (b.created ?? 0) - (a.created ?? 0));
}

export async function createCustomPlanByOperator(
  info: CustomPlanInfo,
  context: { operator: Operator; desc: string },
): Promise<AdminCustomPlan> {
  if (await findPlanByName(info.planName)) {
    throw new AdminError('conflict', 'console-plans:refusal.name_taken');
  }
  const { planName, period, priceKo, priceJa, priceEn, referralType, description, ...quotas } = info;
  const outcome = await createCustomPlan(
    catalogueOf(referralType),
    {
      name: planName,
      planType: 'CUSTOM',
      period,
      isSubscription: isSubscriptionPeriod(period),
      priceKo,
      priceJa,
      priceEn,
    },
    {
      ...quotas,
      description,
      desc: context.desc,
      createdByUid: context.operator.uid,
      createdByEmail: context.operator.email,
    },
  );
  if (outcome === 'exists') throw new AdminError('conflict', 'console-plans:refusal.name_taken');
  const created = (await customPlansOf(catalogueOf(referralType))).find((plan) => plan.planName === planName);
  if (!created) throw new AdminError('db-error', `The custom plan ${planName} was not stored`);
  return created;
}

/** The plan names a payment progress or a direct deposit may use (shared/plans/plan-name-choices.ts). */
export async function listPlanNameChoices(): Promise<string[]> {
  return planNameChoices(await listCustomPlans());
}
