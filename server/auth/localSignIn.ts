import { asc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The offline stand-in for Discord: every account grouped by role, each with a "Sign in as <name>" button.
 * Plain HTML so it works before the SPA has loaded and without JavaScript.
 */
export async function localSignInPage(db: Db): Promise<string> {
  const rows = await db
    .select({ id: users.id, name: users.discordName, role: users.role, banned: users.banned, rank: users.katanaRank })
    .from(users)
    .orderBy(asc(users.id));
  const groups: [string, typeof rows][] = [
    ['Owners', rows.filter((r) => r.role === 'OWNER' && !r.banned)],
    ['Admins', rows.filter((r) => r.role === 'ADMIN' && !r.banned)],
    ['Players', rows.filter((r) => r.role === 'USER' && !r.banned)],
    ['Banned', rows.filter((r) => r.banned)],
  ];
  const section = ([title, list]: [string, typeof rows]) =>
    list.length === 0
      ? ''
      : `<section><h2>${title} <small>(${list.length})</small></h2><ul>${list
          .map(
            (u) =>
              `<li><a class="btn" href="/v1/auth/discord?as=${encodeURIComponent(u.name)}">Sign in as ${escape(u.name)}</a></li>`,
          )
          .join('')}</ul></section>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local sign-in · Clutch</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#1a1b1e;color:#e9ecef}
main{max-width:1000px;margin:0 auto;padding:32px 20px}
h1{margin:0 0 4px}p{color:#adb5bd}h2{font-size:18px;margin:28px 0 10px}h2 small{color:#868e96;font-weight:normal}
ul{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:8px}
.btn{display:block;padding:10px 12px;border-radius:6px;background:#25262b;border:1px solid #373a40;color:#e9ecef;text-decoration:none}
.btn:hover,.btn:focus{background:#5865f2;border-color:#5865f2;outline:none}
input{width:100%;max-width:360px;padding:10px;border-radius:6px;border:1px solid #373a40;background:#25262b;color:#e9ecef}
</style></head><body><main>
<h1>Local sign-in</h1>
<p>Discord is not configured on this server, so you can sign in as any demo account. Set DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and DISCORD_REDIRECT_URI to use Discord.</p>
<label for="filter">Filter accounts</label><br><input id="filter" type="search" placeholder="Type a name" autocomplete="off">
${groups.map(section).join('')}
<p><a href="/" style="color:#74c0fc">Back to Clutch</a></p>
</main>
<script>
document.getElementById('filter').addEventListener('input', function (e) {
  var q = e.target.value.toLowerCase();
  document.querySelectorAll('li').forEach(function (li) { li.style.display = li.textContent.toLowerCase().indexOf(q) >= 0 ? '' : 'none'; });
});
</script></body></html>`;
}
