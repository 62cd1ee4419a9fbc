import { adminJobStatus } from '../../../shared/api/jobs.ts';
import { call } from '../helpers.ts';

/** Polls a bulk job through the admin route, as the console does, until it is done. */
export async function finishedJob(jobId: string, token: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await call(adminJobStatus, { jobId }, { token });
    if (answer.status !== 200) throw new Error(`job status: ${JSON.stringify(answer.body)}`);
    if (answer.body.job.status === 'done')
      return answer.body as {
        job: Record<string, number | string>;
        fails: Array<{ item: string; reason: string }>;
      };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${jobId} did not finish`);
}
