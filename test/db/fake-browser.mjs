// A browser without a screen for login tests (db, tasks, docgen): it is started as BROWSER with the sign-in URL,
// follows the authorize endpoint's redirect, loads the listener's page (the fragment stays here, as a
// browser keeps it) and does what the page's script does: posts the fragment back. FAKE_BROWSER_TAMPER
// changes the answer first: `state` forges the state; `drop` posts nothing but an empty body.
const url = process.argv[2];
const first = await fetch(url, { redirect: 'manual' });
const location = first.headers.get('location');
if (!location) process.exit(3);
const back = new URL(location);
// The authorization-code flow: the code (or an error) is in the query, which the listener reads itself.
if (back.searchParams.has('code') || back.searchParams.has('error')) {
  if (process.env.FAKE_BROWSER_TAMPER === 'state') back.searchParams.set('state', 'forged');
  await fetch(back);
  process.exit(0);
}
const page = await fetch(`${back.origin}${back.pathname}`);
if (!(await page.text()).includes("fetch('/token'")) process.exit(4);
const params = new URLSearchParams(back.hash.slice(1));
if (process.env.FAKE_BROWSER_TAMPER === 'state') params.set('state', 'forged');
const body = process.env.FAKE_BROWSER_TAMPER === 'drop' ? '' : params.toString();
await fetch(new URL('/token', back), {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body,
});
