import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * The app a signed-in visitor is sent to (VITE_APP_URL; the online editor in production) stands in
 * on one machine as `/_local/app`: a page that asks the auth service who is signed in (the site's
 * refresh cookie) and can sign out, so the whole sign-in journey can be walked and tested locally.
 */
const PAGE = `<!doctype html>
<html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cutloom app (local stand-in)</title>
<main style="font-family:system-ui;max-width:32rem;margin:3rem auto">
<h1>Cutloom app (local stand-in)</h1>
<p id="who" role="status">Checking the session…</p>
<button id="sign-out" type="button" hidden>Sign out</button>
</main>
<script type="module">
const post = (path, body) => fetch(path, { method: 'POST', credentials: 'include',
  headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const who = document.getElementById('who');
const out = document.getElementById('sign-out');
const answer = await post('/auth/v2/refresh-token', { clientType: 'landing', language: 'en', refreshFor: 'check_signed_in' });
const body = await answer.json().catch(() => ({}));
if (body.user) {
  who.textContent = 'Signed in as ' + body.user.name + ' <' + body.user.email + '>';
  out.hidden = false;
} else {
  who.textContent = 'Not signed in';
}
out.addEventListener('click', async () => {
  await post('/auth/v2/sign-out', { clientType: 'landing' });
  location.assign('/');
});
</script>
</html>`;

export async function start(ctx: StandInContext): Promise<StandIn> {
  ctx.registerLocalEndpoint('GET', '/_local/app', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(PAGE);
  });
  return { env: {}, stop: async () => undefined };
}
