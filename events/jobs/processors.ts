/**
 * Every bulk-job item processor, loaded by the consumer so that each registers itself by job kind
 * (functions/core/jobs/item-processors.ts). A new bulk job kind adds its module here.
 */
import '../../functions/core/users/bulk-user-create.ts';
import '../../functions/core/surveys/survey-targets.ts';
import '../../functions/core/direct-deposits/bulk-direct-deposit.ts';
import '../../functions/core/usage/bulk-usage-grant.ts';
