/**
 * The global teardown of the journeys run as Lambda runs them (playwright.lambda.config.ts): the run fails
 * when the runtime found a variable read that a function's template does not give, or a function that
 * failed to initialise (GET /_local/lambda.json; the runtimes tests start themselves are checked when they
 * stop, test/integration/isolated-runtime.ts).
 */
export default async function lambdaFindings(): Promise<void> {
  const answer = await fetch(`http://localhost:${process.env.E2E_PORT}/_local/lambda.json`);
  const report = (await answer.json()) as {
    findings: Array<{ kind: string; functionName: string; detail: string }>;
    invocations: unknown[];
    processes: Record<string, number>;
  };
  console.log(
    `Lambda run: ${report.invocations.length} invocations in ${Object.keys(report.processes).length} functions' processes, ${report.findings.length} findings`,
  );
  if (report.findings.length)
    throw new Error(
      `The functions as Lambda runs them:\n${report.findings.map((finding) => `  ${finding.functionName} ${finding.kind}: ${finding.detail}`).join('\n')}`,
    );
}
