/*
 * The local identity provider's own sign-in form: plain HTML, labelled
 * fields, no script, so it works with a keyboard, a screen reader and the
 * tests' plain HTTP client alike.
 */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

export function loginPage(uid: string, options: { email?: string; error?: string } = {}): string {
  const action = `/interaction/${encodeURIComponent(uid)}`;
  const error = options.error ? `<p role="alert" id="sign-in-error">${escapeHtml(options.error)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in: StudyForge demo school</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}
label{display:block;margin-top:1rem}input{font:inherit;width:100%;padding:.4rem;box-sizing:border-box}
button{font:inherit;margin-top:1.2rem;padding:.5rem 1rem}[role=alert]{color:#a40000}</style></head>
<body><main>
<h1>Demo school sign-in</h1>
<p>This is StudyForge's local test sign-in. Use teacher@studyforge.test or student01@studyforge.test to student30@studyforge.test, password <code>studyforge</code>.</p>
${error}
<form method="post" action="${action}/login">
<label for="email">Email address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}"${options.error ? ' aria-describedby="sign-in-error"' : ''}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${action}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;
}
