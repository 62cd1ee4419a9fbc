import {
  Document,
  type ISpectralDiagnostic,
  type RulesetDefinition,
  Spectral,
} from '@stoplight/spectral-core';
import owasp from '@stoplight/spectral-owasp-ruleset';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from './build-openapi.ts';

/**
 * The generated API document (served at /_local/openapi.json) linted with Spectral, as `spectral lint`
 * with `extends: spectral:oas` does, and the OWASP API ruleset's bounds on what a request may carry.
 * The rulesets are the packages' own, bundled: nothing is fetched while linting (every $ref is local).
 */
const document = buildOpenApi();
const text = JSON.stringify(document, null, 2);

async function lint(ruleset: Parameters<Spectral['setRuleset']>[0]): Promise<ISpectralDiagnostic[]> {
  const spectral = new Spectral();
  spectral.setRuleset(ruleset);
  return spectral.run(new Document(text, Json));
}

const shown = (results: ISpectralDiagnostic[]) =>
  results.map((result) => `${result.code} ${result.path.join('.')}: ${result.message}`);

describe('the OpenAPI document', () => {
  it('refers to nothing outside itself', () => {
    const refs = [...text.matchAll(/"\$ref": "([^"]*)"/g)].map((match) => match[1]);
    expect(refs.filter((ref) => !ref?.startsWith('#/'))).toEqual([]);
  });

  it('lints clean with spectral:oas: no error, no warning', async () => {
    const results = await lint({ extends: [[oas as RulesetDefinition, 'recommended']] });
    // Severity 0 is an error, 1 a warning (2 and 3, information and hints, are not findings).
    expect(shown(results.filter((result) => result.severity <= 1))).toEqual([]);
  });

  describe('bounds every string and array a request may carry (OWASP API4:2023)', () => {
    let requestFindings: ISpectralDiagnostic[];
    beforeAll(async () => {
      const results = await lint({ extends: [owasp] });
      requestFindings = results.filter(
        (result) => result.path.includes('requestBody') || result.path.includes('parameters'),
      );
    });
    for (const rule of ['owasp:api4:2023-string-limit', 'owasp:api4:2023-array-limit'])
      it(rule, () => {
        expect(shown(requestFindings.filter((result) => result.code === rule))).toEqual([]);
      });
  });
});
