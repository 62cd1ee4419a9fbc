import { Service } from 'electrodb';
import { settings } from '../settings.ts';
import { dynamo } from './client.ts';
import { AnalyticsEvent } from './entities/analytics-event.ts';
import { Config, ConfigName } from './entities/config.ts';
import { Job, JobItemOutcome } from './entities/job.ts';
import { PlanPrice } from './entities/plan-price.ts';
import { PlanUsage } from './entities/plan-usage.ts';

/** Every entity of the one table, joined in one ElectroDB service (transactions span them). */
export const entities = {
  config: Config,
  configName: ConfigName,
  planPrice: PlanPrice,
  planUsage: PlanUsage,
  job: Job,
  jobItemOutcome: JobItemOutcome,
  analyticsEvent: AnalyticsEvent,
};

let service: Service<typeof entities> | undefined;

/** The service bound to the table and client of this container (created on first use). */
export function db(): Service<typeof entities> {
  service ??= new Service(entities, { table: settings.tableName, client: dynamo() });
  return service;
}
