import base from './playwright.config.ts';
export default { ...base, testDir: 'e2e', webServer: { ...base.webServer, timeout: 300_000 } };
